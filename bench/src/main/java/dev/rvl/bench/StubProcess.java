package dev.rvl.bench;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The partner stub from its executable jar, shared by every variant, with the preset's
 * latency on both partner endpoints.
 *
 * @param process the child process
 * @param baseUrl where it listens
 * @param command how it was started (for the report)
 */
record StubProcess(ChildProcess process, URI baseUrl, List<String> command) {

	static final List<String> JVM_OPTIONS = List.of("-Xms256m", "-Xmx256m", "-XX:+UseG1GC");

	/** Starts the stub without waiting for it ({@link #awaitReady()} does). */
	static StubProcess launch(Project project, Duration latency, List<String> launcher, Path log) {
		int port = Http.freePort();
		List<String> command = new ArrayList<>(launcher);
		command.add(project.java());
		command.addAll(JVM_OPTIONS);
		command.addAll(List.of("-jar", project.stubJar().toString(), "--server.port=" + port,
				"--server.address=127.0.0.1", "--stub.latency.fraud=" + latency.toMillis() + "ms",
				"--stub.latency.shipping=" + latency.toMillis() + "ms", "--logging.level.root=WARN"));
		ChildProcess process = ChildProcess.start("partner-stub", command, Map.of(), log);
		return new StubProcess(process, URI.create("http://127.0.0.1:" + port), command);
	}

	void awaitReady() throws InterruptedException {
		if (!Http.awaitOk(this.baseUrl.resolve("/admin/faults"), this.process, Duration.ofSeconds(90))) {
			this.process.stop(Duration.ofSeconds(5));
			throw new IllegalStateException("The partner stub did not start:\n" + this.process.tail(30));
		}
	}

	/**
	 * Warms the stub's JIT before any variant is measured, so the first variant does not
	 * pay for it: {@code count} partner calls at once, half to each endpoint.
	 * @return how many were answered 200
	 */
	long warmUp(int count, Duration latency) {
		List<java.util.concurrent.CompletableFuture<Integer>> calls = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String path = (i % 2 == 0) ? "/fraud/score?customerId=" + (1 + i) + "&amountCents=" + (1000 + i)
					: "/shipping/quote?country=DE&weightGrams=" + (100 + i);
			calls.add(Http.client()
				.sendAsync(java.net.http.HttpRequest.newBuilder(this.baseUrl.resolve(path))
					.timeout(latency.plusSeconds(10))
					.GET()
					.build(), java.net.http.HttpResponse.BodyHandlers.discarding())
				.thenApply(java.net.http.HttpResponse::statusCode)
				.exceptionally((ex) -> -1));
		}
		return calls.stream()
			.map(java.util.concurrent.CompletableFuture::join)
			.filter((status) -> status == 200)
			.count();
	}

	URI metrics() {
		return this.baseUrl.resolve("/actuator/prometheus");
	}

	void resetFaults() {
		Http.delete(this.baseUrl.resolve("/admin/faults"));
	}

}
