package dev.rvl.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * A harness's children end with it even when it dies without its shutdown hooks, and not
 * before: a real harness JVM ({@link Harness}) starts {@code sleep} children and is
 * killed with SIGKILL.
 */
class ChildProcessTests {

	@TempDir
	Path dir;

	@BeforeEach
	void onLinuxWithSetpriv() {
		// CI's Debian has setpriv (util-linux): there the guard must work
		assumeThat(ChildProcess.stopsWhenTheHarnessDies() || "true".equalsIgnoreCase(System.getenv("CI")))
			.as("setpriv, Linux only")
			.isTrue();
	}

	@Test
	void childrenGetSigtermWhenTheHarnessIsKilled() throws Exception {
		Process harness = startHarness();
		List<ProcessHandle> children;
		try {
			children = awaitChildren(harness);
		}
		finally {
			harness.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}

		for (ProcessHandle child : children) {
			assertThat(child.onExit().completeOnTimeout(child, 10, TimeUnit.SECONDS).get().isAlive())
				.as("sleep %d after its harness was killed", child.pid())
				.isFalse();
		}
	}

	@Test
	void childrenOutliveTheThreadThatStartedThem() throws Exception {
		Process harness = startHarness();
		try {
			List<ProcessHandle> children = awaitChildren(harness);
			// the second child's starting thread has ended since
			Thread.sleep(1000);
			assertThat(children).allMatch(ProcessHandle::isAlive);
		}
		finally {
			harness.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	private Process startHarness() throws IOException {
		String java = ProcessHandle.current().info().command().orElse("java");
		return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Harness.class.getName(),
				this.dir.toString())
			.redirectErrorStream(true)
			.redirectOutput(this.dir.resolve("harness.log").toFile())
			.start();
	}

	/** The harness's two children, once it wrote their pids; both must be running. */
	private List<ProcessHandle> awaitChildren(Process harness) throws Exception {
		Path pids = this.dir.resolve("pids");
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (!Files.exists(pids) && harness.isAlive() && System.nanoTime() < deadline) {
			Thread.sleep(50);
		}
		assertThat(pids).as(() -> "the harness's output: " + read(this.dir.resolve("harness.log"))).exists();
		List<Optional<ProcessHandle>> children = Files.readAllLines(pids)
			.stream()
			.map(Long::parseLong)
			.map(ProcessHandle::of)
			.toList();
		assertThat(children).as("the harness's children").hasSize(2).allMatch(Optional::isPresent);
		return children.stream().map(Optional::orElseThrow).toList();
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			return ex.toString();
		}
	}

	/**
	 * The harness: starts one child from its main thread and one from a thread that ends
	 * once its child runs (has printed), writes both pids, then waits to be killed.
	 */
	static final class Harness {

		private static final List<String> SLEEPER = List.of("sh", "-c", "echo started; exec sleep 120");

		public static void main(String[] args) throws Exception {
			Path dir = Path.of(args[0]);
			ChildProcess first = started(ChildProcess.start("first", SLEEPER, Map.of(), dir.resolve("first.log")));
			ChildProcess[] second = new ChildProcess[1];
			Thread starter = new Thread(() -> second[0] = started(
					ChildProcess.start("second", SLEEPER, Map.of(), dir.resolve("second.log"))));
			starter.start();
			starter.join();
			Path pids = dir.resolve("pids.tmp");
			Files.write(pids, List.of(Long.toString(first.pid()), Long.toString(second[0].pid())));
			Files.move(pids, dir.resolve("pids"));
			Thread.sleep(Duration.ofMinutes(2));
		}

		/** Past {@code setpriv}'s exec: a thread ending earlier would be no test. */
		private static ChildProcess started(ChildProcess child) {
			while (!child.output().contains("started") && child.isAlive()) {
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
			}
			return child;
		}

	}

}
