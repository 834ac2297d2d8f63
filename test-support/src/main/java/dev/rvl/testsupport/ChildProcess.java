package dev.rvl.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A process a harness started (an app, the stub, Gatling), its output in a log file.
 * Stopping is graceful first (SIGTERM), then forced. Every child still running when the
 * harness's JVM exits (also on Ctrl-C) is stopped by a shutdown hook; on Linux a child
 * also gets SIGTERM when the JVM dies without running its hooks (SIGKILL, a crash, a test
 * fork killed on its timeout) - see {@link #ORPHAN_GUARD}.
 */
public final class ChildProcess {

	private static final Set<ChildProcess> RUNNING = ConcurrentHashMap.newKeySet();

	/**
	 * What a command runs under so that the kernel stops it when the harness dies: on
	 * Linux util-linux's {@code setpriv --pdeathsig TERM} (a
	 * {@code prctl(PR_SET_PDEATHSIG)} that {@code exec} keeps, so the child's pid stays
	 * the one {@link #pid()} reports); empty where there is no {@code setpriv}. The
	 * signal follows the thread that started the child, not the process: hence
	 * {@link #SPAWNER}.
	 */
	private static final List<String> ORPHAN_GUARD = orphanGuard();

	/**
	 * The one thread every child is started from, alive as long as the JVM (a pool's core
	 * thread does not time out, and a task's exception stays in its future): started from
	 * a caller's thread, a child would get its SIGTERM when that thread ended.
	 */
	private static final ExecutorService SPAWNER = Executors.newSingleThreadExecutor((task) -> {
		Thread thread = new Thread(task, "child-spawner");
		thread.setDaemon(true);
		return thread;
	});

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

	public static ChildProcess start(String name, List<String> command, Map<String, String> environment, Path log) {
		return start(name, command, environment, (inherited) -> false, log);
	}

	/**
	 * Starts a process with the harness's environment less the variables {@code drop}
	 * matches, plus {@code environment}.
	 */
	public static ChildProcess start(String name, List<String> command, Map<String, String> environment,
			Predicate<String> drop, Path log) {
		try {
			Files.createDirectories(log.toAbsolutePath().getParent());
			List<String> guarded = new ArrayList<>(ORPHAN_GUARD);
			guarded.addAll(command);
			ProcessBuilder builder = new ProcessBuilder(guarded).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
			builder.environment().keySet().removeIf(drop);
			builder.environment().putAll(environment);
			ChildProcess child = new ChildProcess(name, SPAWNER.submit(builder::start).get(), log);
			RUNNING.add(child);
			child.process.onExit().thenRun(() -> RUNNING.remove(child));
			return child;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start " + name + ": " + command.get(0), ex);
		}
		catch (ExecutionException ex) {
			// what ProcessBuilder.start threw on the spawner thread, as it would have
			// here
			if (ex.getCause() instanceof IOException io) {
				throw new UncheckedIOException("Could not start " + name + ": " + command.get(0), io);
			}
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IllegalStateException("Could not start " + name, ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while starting " + name, ex);
		}
	}

	/**
	 * Whether a child gets SIGTERM when the harness's JVM dies without stopping it.
	 * @return whether {@code setpriv} guards the children
	 */
	public static boolean stopsWhenTheHarnessDies() {
		return !ORPHAN_GUARD.isEmpty();
	}

	private static List<String> orphanGuard() {
		if (!System.getProperty("os.name", "").startsWith("Linux")) {
			return List.of();
		}
		for (String dir : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
			Path setpriv = Path.of(dir, "setpriv");
			if (Files.isExecutable(setpriv)) {
				return List.of(setpriv.toString(), "--pdeathsig", "TERM", "--");
			}
		}
		return List.of();
	}

	public String name() {
		return this.name;
	}

	public long pid() {
		return this.process.pid();
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	public Path log() {
		return this.log;
	}

	/** Waits for the exit; the exit code, or -1 if still running after the timeout. */
	public int waitFor(Duration timeout) throws InterruptedException {
		return this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? this.process.exitValue() : -1;
	}

	/**
	 * SIGTERM, wait up to {@code grace}, then kill.
	 * @return how it ended
	 */
	public Stopped stop(Duration grace) throws InterruptedException {
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

	/** Sends SIGTERM (a graceful shutdown) without waiting. */
	public void terminate() {
		this.process.destroy();
	}

	/** Kills the process without waiting. */
	public void kill() {
		this.process.destroyForcibly();
	}

	/** Everything the process printed so far. */
	public String output() {
		try {
			return Files.readString(this.log, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The last lines of the log, for error messages. */
	public String tail(int lines) {
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
	public record Stopped(boolean graceful, Duration took, int exitCode) {
	}

}
