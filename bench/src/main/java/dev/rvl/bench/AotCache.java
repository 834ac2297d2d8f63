package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.rvl.testsupport.ChildProcess;

/**
 * The JDK's ahead-of-time cache for one app ({@code --aot-cache}): JEP 483 (classes
 * loaded and linked ahead of time), JEP 514 (a cache written in one training run) and JEP
 * 515 (method profiles, so the JIT compiles the hot paths without profiling them first),
 * all in JDK 25. How a service is meant to be deployed with it: the jar extracted (a
 * cache holds classes from plain jars on the class path, not from Spring Boot's nested
 * ones), a training run under its real load that writes the cache when the JVM exits, and
 * production JVMs started from the cache. The runner does the same before each variant's
 * run: it extracts the jar ({@code java -Djarmode=tools extract}), starts the app from it
 * with {@code -XX:AOTCacheOutput} under the run's own settings (heap, CPUs; not a CPU
 * quota: see {@code VariantRun}), offers it {@value #TRAINING_SECONDS} s of the warm-up's
 * load, stops it and starts the measured app with {@code -XX:AOTCache} and
 * {@code -XX:AOTMode=on} (a cache the JVM cannot use fails the start instead of being
 * ignored).
 */
final class AotCache {

	/** How long the runner's training runs take their load. */
	static final int TRAINING_SECONDS = 60;

	/** How long the training app may take to stop: it writes the cache as it exits. */
	private static final Duration WRITE_GRACE = Duration.ofSeconds(120);

	private static final Duration EXTRACT_TIMEOUT = Duration.ofSeconds(120);

	/**
	 * A trained cache.
	 *
	 * @param jar the extracted jar the cache was trained with (the measured app must run
	 * the same class path)
	 * @param cache the cache file
	 * @param load the training load's outcome
	 * @param written how long the training app took to stop and write the cache
	 */
	record Trained(Path jar, Path cache, Warmup.Result load, Duration written) {

		/** The measured app's flags. */
		List<String> flags() {
			return List.of("-XX:AOTMode=on", "-XX:AOTCache=" + this.cache);
		}

		String describe() throws IOException {
			return Benchmark.format(
					"AOT cache trained: %d ok, %d failed, up to %d orders/s; %.0f MiB written in %.1f s",
					this.load.ok(), this.load.failed(), this.load.reached(), Files.size(this.cache) / 1048576.0,
					this.written.toMillis() / 1000.0);
		}

	}

	private AotCache() {
	}

	/** The flag that makes a JVM write its cache when it exits. */
	static String outputFlag(Path cache) {
		return "-XX:AOTCacheOutput=" + cache;
	}

	/**
	 * Extracts Spring Boot's jar next to it, into {@code target/aot/<module>}: the
	 * application's jar (same file name) and its libraries in {@code lib/}, on the class
	 * path through the manifest.
	 * @return the extracted application jar
	 */
	static Path extract(String java, Path bootJar, Path log) throws IOException, InterruptedException {
		Path destination = bootJar.resolveSibling("aot").resolve(bootJar.getFileName().toString().replace(".jar", ""));
		Files.createDirectories(destination);
		Process process = new ProcessBuilder(java, "-Djarmode=tools", "-jar", bootJar.toString(), "extract",
				"--destination", destination.toString(), "--force")
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		if (!process.waitFor(EXTRACT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
			process.destroyForcibly();
			throw new IllegalStateException(
					"extracting " + bootJar + " took over " + EXTRACT_TIMEOUT.toSeconds() + " s");
		}
		Path jar = destination.resolve(bootJar.getFileName());
		if (process.exitValue() != 0 || !Files.isRegularFile(jar)) {
			throw new IllegalStateException("extracting " + bootJar + " failed (exit " + process.exitValue() + "): "
					+ Files.readString(log).strip());
		}
		return jar;
	}

	/**
	 * Trains a cache: the app started by {@code start} (from the extracted jar, with
	 * {@link #outputFlag}) gets the warm-up's load (orders of the {@code ideal} latency)
	 * from {@code fromRate} to {@code peakRate} and back for {@code duration}, then
	 * SIGTERM; the JVM writes the cache as it exits.
	 */
	static Trained train(Path jar, Path cache, Starter start, Duration ideal, double fromRate, double peakRate,
			Duration duration) throws IOException, InterruptedException {
		Files.deleteIfExists(cache);
		AppProcess app = start.start();
		Warmup.Result load;
		ChildProcess.Stopped stopped;
		try {
			load = Warmup.run(app.baseUrl(), ideal, fromRate, peakRate, duration);
		}
		finally {
			stopped = app.process().stop(WRITE_GRACE);
		}
		if (!stopped.graceful() || !Files.isRegularFile(cache) || Files.size(cache) == 0) {
			throw new IllegalStateException("the training run wrote no AOT cache (stopped "
					+ (stopped.graceful() ? "" : "by force ") + "after " + stopped.took().toSeconds() + " s, exit "
					+ stopped.exitCode() + "):\n" + app.process().tail(20));
		}
		return new Trained(jar, cache, load, stopped.took());
	}

	/** Starts the app of a training run. */
	@FunctionalInterface
	interface Starter {

		AppProcess start() throws InterruptedException;

	}

}
