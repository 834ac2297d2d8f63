package dev.rvl.contract;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An app under test as a process of its own: its packaged jar, started with given JVM
 * flags and environment (the configuration contract of DESIGN §1), stopped with SIGTERM
 * like a deployment would. Output goes to a log file the tests can search (e.g. for an
 * OutOfMemoryError).
 */
public final class AppProcess implements AutoCloseable {

	private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*\\})?\\s+(\\S+)");

	private final Process process;

	private final URI baseUrl;

	private final Path log;

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private AppProcess(Process process, URI baseUrl, Path log) {
		this.process = process;
		this.baseUrl = baseUrl;
		this.log = log;
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
		int port = PartnerStub.freePort();
		List<String> command = new ArrayList<>();
		command.add(PartnerStub.javaExecutable());
		command.addAll(jvmFlags);
		command.add("-jar");
		command.add(jar.toString());
		command.addAll(arguments);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.to(log.toFile()));
		builder.environment().putAll(environment);
		builder.environment().put("SERVER_PORT", Integer.toString(port));
		try {
			Files.createDirectories(log.getParent());
			Process process = builder.start();
			Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
			AppProcess app = new AppProcess(process, URI.create("http://127.0.0.1:" + port), log);
			app.awaitReady(Duration.ofSeconds(90));
			return app;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
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
		try {
			return Files.readString(this.log);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The sum of a metric's samples in {@code /actuator/prometheus} whose labels contain
	 * every given {@code name="value"} fragment, or {@code NaN} when it has none.
	 */
	public double metric(String name, String... labels) {
		String text = get("/actuator/prometheus").body();
		double sum = 0;
		boolean found = false;
		for (String line : text.split("\n")) {
			Matcher sample = SAMPLE.matcher(line);
			if (!line.startsWith("#") && sample.find() && sample.group(1).equals(name)
					&& hasLabels(sample.group(2), labels)) {
				sum += Double.parseDouble(sample.group(3));
				found = true;
			}
		}
		return found ? sum : Double.NaN;
	}

	private static boolean hasLabels(String labelSet, String... labels) {
		for (String label : labels) {
			if (labelSet == null || !labelSet.contains(label)) {
				return false;
			}
		}
		return true;
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
		this.process.destroy();
	}

	/** Waits for the process to end; returns its exit code. */
	public int awaitExit(Duration timeout) {
		try {
			if (!this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				this.process.destroyForcibly();
				throw new IllegalStateException("The app did not exit within " + timeout);
			}
			return this.process.exitValue();
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
				throw new IllegalStateException("The app exited with " + this.process.exitValue() + ":\n" + tail());
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
		throw new IllegalStateException("The app was not ready within " + timeout + ":\n" + tail());
	}

	private String tail() {
		String output = output();
		return output.substring(Math.max(0, output.length() - 4000));
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
		if (this.process.isAlive()) {
			this.process.destroy();
			try {
				if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
					this.process.destroyForcibly();
				}
			}
			catch (InterruptedException ex) {
				this.process.destroyForcibly();
				Thread.currentThread().interrupt();
			}
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
