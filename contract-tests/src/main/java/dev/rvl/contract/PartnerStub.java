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
import java.util.List;

import dev.rvl.testsupport.ChildProcess;
import dev.rvl.testsupport.PartnerStubLauncher;

/**
 * The real partner stub, started once per JVM from its executable jar in a child process
 * (so its WebFlux stack never mixes with the app under test; started as the benchmark
 * runner starts it, {@link PartnerStubLauncher}), with fault injection over its admin
 * API.
 */
public final class PartnerStub {

	/** Partner latency of the stub the suites use: short, so the suites run fast. */
	public static final Duration TEST_LATENCY = Duration.ofMillis(20);

	private static PartnerStub shared;

	private final ChildProcess process;

	private final URI baseUrl;

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private PartnerStub(ChildProcess process, URI baseUrl) {
		this.process = process;
		this.baseUrl = baseUrl;
	}

	/** The stub of this JVM, started on first use and stopped when the JVM exits. */
	public static synchronized PartnerStub shared() {
		if (shared == null || !shared.process.isAlive()) {
			shared = start(TEST_LATENCY);
		}
		return shared;
	}

	/**
	 * Starts a stub with the given latency on both partner endpoints; its output goes to
	 * {@code target/partner-stub-<pid of this JVM>.log}.
	 */
	public static PartnerStub start(Duration latency) {
		Path log = Path.of("target", "partner-stub-" + ProcessHandle.current().pid() + ".log");
		PartnerStubLauncher.Launched stub = PartnerStubLauncher.launch(List.of(), javaExecutable(), List.of("-Xmx256m"),
				executableJar(), "127.0.0.1", latency, log);
		try {
			if (!PartnerStubLauncher.awaitReady(stub.process(), stub.baseUrl(), Duration.ofSeconds(60))) {
				stub.process().kill();
				throw new IllegalStateException(
						"The partner stub did not start within 60 s:\n" + stub.process().tail(30));
			}
		}
		catch (InterruptedException ex) {
			stub.process().kill();
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		return new PartnerStub(stub.process(), stub.baseUrl());
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
		this.process.terminate();
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
