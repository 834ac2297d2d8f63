package dev.rvl.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A process the runner started (app, stub, Gatling), its output in a log file. Stopping
 * is graceful first (SIGTERM), then forced. Every child still running when the runner
 * exits (also on Ctrl-C) is stopped.
 */
final class ChildProcess {

	private static final Set<ChildProcess> RUNNING = ConcurrentHashMap.newKeySet();

	static {
		Runtime.getRuntime()
			.addShutdownHook(
					new Thread(() -> RUNNING.forEach((child) -> child.process.destroyForcibly()), "stop-children"));
	}

	private final String name;

	private final Process process;

	private final Path log;

	private ChildProcess(String name, Process process, Path log) {
		this.name = name;
		this.process = process;
		this.log = log;
	}

	static ChildProcess start(String name, List<String> command, Map<String, String> environment, Path log) {
		try {
			Files.createDirectories(log.getParent());
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
			builder.environment().putAll(environment);
			ChildProcess child = new ChildProcess(name, builder.start(), log);
			RUNNING.add(child);
			child.process.onExit().thenRun(() -> RUNNING.remove(child));
			return child;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start " + name + ": " + command.get(0), ex);
		}
	}

	String name() {
		return this.name;
	}

	long pid() {
		return this.process.pid();
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	Path log() {
		return this.log;
	}

	/** Waits for the exit; the exit code, or -1 if still running after the timeout. */
	int waitFor(Duration timeout) throws InterruptedException {
		return this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? this.process.exitValue() : -1;
	}

	/**
	 * SIGTERM, wait up to {@code grace}, then kill.
	 * @return how it ended
	 */
	Stopped stop(Duration grace) throws InterruptedException {
		if (!this.process.isAlive()) {
			return new Stopped(true, Duration.ZERO, this.process.exitValue());
		}
		long start = System.nanoTime();
		this.process.destroy();
		boolean graceful = this.process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
		if (!graceful) {
			this.process.destroyForcibly();
			this.process.waitFor(10, TimeUnit.SECONDS);
		}
		return new Stopped(graceful, Duration.ofNanos(System.nanoTime() - start),
				this.process.isAlive() ? -1 : this.process.exitValue());
	}

	/** The last lines of the log, for error messages. */
	String tail(int lines) {
		try {
			List<String> all = Files.readAllLines(this.log, StandardCharsets.UTF_8);
			return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
		}
		catch (IOException | UncheckedIOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	/**
	 * How a child stopped.
	 *
	 * @param graceful whether it exited within the grace period after SIGTERM
	 * @param took how long it took
	 * @param exitCode its exit code
	 */
	record Stopped(boolean graceful, Duration took, int exitCode) {
	}

}
