package dev.rvl.contract;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.rvl.testsupport.ChildProcess;
import dev.rvl.testsupport.Ports;
import dev.rvl.testsupport.PrometheusText;

/**
 * An app under test as a process of its own: its packaged jar, started with given JVM
 * flags and environment (the configuration contract of docs/design.md §1), stopped with
 * SIGTERM like a deployment would. Output goes to a log file the tests can search (e.g.
 * for an OutOfMemoryError).
 */
public final class AppProcess implements AutoCloseable {

	private final ChildProcess process;

	private final URI baseUrl;

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private AppProcess(ChildProcess process, URI baseUrl) {
		this.process = process;
		this.baseUrl = baseUrl;
	}

	/**
	 * Starts a jar and waits until it reports ready.
	 * @param jar the executable jar
	 * @param jvmFlags e.g. {@code -Xmx256m}
	 * @param environment environment variables (database URL, partner URL, ...)
	 * @param arguments program arguments (e.g. {@code --spring.profiles.active=platform})
	 * @param log where stdout and stderr go
	 * @return the running app
	 */
	public static AppProcess start(Path jar, List<String> jvmFlags, Map<String, String> environment,
			List<String> arguments, Path log) {
		int port = Ports.free();
		List<String> command = new ArrayList<>();
		command.add(PartnerStub.javaExecutable());
		command.addAll(jvmFlags);
		command.add("-jar");
		command.add(jar.toString());
		command.addAll(arguments);
		Map<String, String> variables = new TreeMap<>(environment);
		variables.put("SERVER_PORT", Integer.toString(port));
		AppProcess app = new AppProcess(ChildProcess.start(jar.getFileName().toString(), command, variables, log),
				URI.create("http://127.0.0.1:" + port));
		app.awaitReady(Duration.ofSeconds(90));
		return app;
	}

	/**
	 * Runs a jar that is expected to end by itself, e.g. by failing at start-up, with
	 * only the given environment variables of Spring's ({@code SPRING_*}): none inherited
	 * from the test's own environment.
	 * @param jar the executable jar
	 * @param environment environment variables
	 * @param log where stdout and stderr go
	 * @param timeout how long it may run
	 * @return its exit code
	 */
	public static int runToExit(Path jar, Map<String, String> environment, Path log, Duration timeout) {
		Map<String, String> variables = new TreeMap<>(environment);
		variables.put("SERVER_PORT", Integer.toString(Ports.free()));
		ChildProcess process = ChildProcess.start(jar.getFileName().toString(),
				List.of(PartnerStub.javaExecutable(), "-jar", jar.toString()), variables,
				(inherited) -> inherited.startsWith("SPRING_"), log);
		return new AppProcess(process, URI.create("http://127.0.0.1")).awaitExit(timeout);
	}

	public URI baseUrl() {
		return this.baseUrl;
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	public long pid() {
		return this.process.pid();
	}

	/** Everything the app printed so far. */
	public String output() {
		return this.process.output();
	}

	/**
	 * The sum of a metric's samples in {@code /actuator/prometheus} whose labels contain
	 * every given {@code name="value"} pair, or {@code NaN} when it has none.
	 */
	public double metric(String name, String... labels) {
		return PrometheusText.parse(get("/actuator/prometheus").body())
			.sum(name, (values) -> Arrays.stream(labels).allMatch((label) -> hasLabel(values, label)))
			.orElse(Double.NaN);
	}

	private static boolean hasLabel(Map<String, String> values, String label) {
		int equals = label.indexOf('=');
		return label.substring(equals + 1).replace("\"", "").equals(values.get(label.substring(0, equals)));
	}

	public HttpResponse<String> get(String path) {
		try {
			return this.http.send(
					HttpRequest.newBuilder(this.baseUrl.resolve(path)).timeout(Duration.ofSeconds(10)).build(),
					HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** Sends SIGTERM (a graceful shutdown) without waiting. */
	public void terminate() {
		this.process.terminate();
	}

	/** Waits for the process to end; returns its exit code. */
	public int awaitExit(Duration timeout) {
		try {
			int exitCode = this.process.waitFor(timeout);
			if (exitCode == -1 && this.process.isAlive()) {
				this.process.kill();
				throw new IllegalStateException("The app did not exit within " + timeout);
			}
			return exitCode;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private void awaitReady(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("The app exited:\n" + this.process.tail(60));
			}
			try {
				if (get("/actuator/health/readiness").statusCode() == 200) {
					return;
				}
			}
			catch (UncheckedIOException ex) {
				// not listening yet
			}
			sleep(Duration.ofMillis(250));
		}
		throw new IllegalStateException("The app was not ready within " + timeout + ":\n" + this.process.tail(60));
	}

	static void sleep(Duration duration) {
		try {
			Thread.sleep(duration);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public void close() {
		try {
			this.process.stop(Duration.ofSeconds(30));
		}
		catch (InterruptedException ex) {
			this.process.kill();
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * The packaged jar of the module the tests run in:
	 * {@code target/<artifactId>-<version>.jar}.
	 */
	public static Path packagedJar(String artifactId) {
		File[] jars = Path.of("target")
			.toFile()
			.listFiles((dir, name) -> name.startsWith(artifactId + "-") && name.endsWith(".jar")
					&& !name.endsWith("-sources.jar") && !name.endsWith(".original"));
		if (jars == null || jars.length != 1) {
			throw new IllegalStateException("Expected one packaged jar of " + artifactId
					+ " in target/; run the integration tests with ./mvnw verify");
		}
		return jars[0].toPath();
	}

}
