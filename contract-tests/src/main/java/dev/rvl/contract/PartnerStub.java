package dev.rvl.contract;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.rvl.testsupport.Ports;

/**
 * The real partner stub, started once per JVM from its executable jar in a child process
 * (so its WebFlux stack never mixes with the app under test), with fault injection over
 * its admin API.
 */
public final class PartnerStub {

	/** Partner latency of the stub the suites use: short, so the suites run fast. */
	public static final Duration TEST_LATENCY = Duration.ofMillis(20);

	private static PartnerStub shared;

	private final Process process;

	private final URI baseUrl;

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private PartnerStub(Process process, URI baseUrl) {
		this.process = process;
		this.baseUrl = baseUrl;
	}

	/** The stub of this JVM, started on first use and stopped when the JVM exits. */
	public static synchronized PartnerStub shared() {
		if (shared == null || !shared.process.isAlive()) {
			shared = start(List.of("--stub.latency.fraud=" + TEST_LATENCY.toMillis() + "ms",
					"--stub.latency.shipping=" + TEST_LATENCY.toMillis() + "ms"));
		}
		return shared;
	}

	/** Starts a stub with extra command-line arguments (e.g. other latencies). */
	public static PartnerStub start(List<String> arguments) {
		int port = Ports.free();
		List<String> command = new ArrayList<>(List.of(javaExecutable(), "-Xmx256m", "-jar", executableJar().toString(),
				"--server.port=" + port, "--spring.main.banner-mode=off", "--logging.level.root=WARN"));
		command.addAll(arguments);
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			Runtime.getRuntime().addShutdownHook(new Thread(process::destroy));
			PartnerStub stub = new PartnerStub(process, URI.create("http://127.0.0.1:" + port));
			stub.awaitReady();
			return stub;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public URI baseUrl() {
		return this.baseUrl;
	}

	/**
	 * Replaces the fault setting, e.g. {@code {"errorRate": 1.0, "errorStatus": 503}}.
	 */
	public void faults(String json) {
		HttpResponse<String> response = send(HttpRequest.newBuilder(this.baseUrl.resolve("/admin/faults"))
			.header("Content-Type", "application/json")
			.PUT(HttpRequest.BodyPublishers.ofString(json)));
		if (response.statusCode() != 200) {
			throw new IllegalStateException("Stub refused faults " + json + ": " + response.body());
		}
	}

	public void resetFaults() {
		send(HttpRequest.newBuilder(this.baseUrl.resolve("/admin/faults")).DELETE());
	}

	public void stop() {
		this.process.destroy();
	}

	private void awaitReady() {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("The partner stub exited with " + this.process.exitValue());
			}
			try {
				if (send(HttpRequest.newBuilder(this.baseUrl.resolve("/admin/faults")).GET()).statusCode() == 200) {
					return;
				}
			}
			catch (UncheckedIOException ex) {
				// not listening yet
			}
			sleep();
		}
		throw new IllegalStateException("The partner stub did not start within 60 s");
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		try {
			return this.http.send(request.timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static void sleep() {
		try {
			Thread.sleep(200);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** The stub's executable jar: a test dependency ({@code partner-stub:exec}). */
	static Path executableJar() {
		URL marker = PartnerStub.class.getClassLoader()
			.getResource("BOOT-INF/classes/dev/rvl/partner/PartnerStubApplication.class");
		if (marker == null || !"jar".equals(marker.getProtocol())) {
			throw new IllegalStateException(
					"partner-stub's executable jar is not on the test classpath; build it with ./mvnw install");
		}
		String path = marker.getPath();
		try {
			return Path.of(new URI(path.substring(0, path.indexOf("!/"))));
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

	static String javaExecutable() {
		return System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
	}

}
