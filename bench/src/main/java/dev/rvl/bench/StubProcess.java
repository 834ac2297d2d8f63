package dev.rvl.bench;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.rvl.testsupport.ChildProcess;
import dev.rvl.testsupport.PartnerStubLauncher;

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
		return launch(project, latency, launcher, log, "127.0.0.1");
	}

	/**
	 * @param address the loopback address it listens on (the remote-mode test puts it on
	 * an address of its own, as a stand-in for another host)
	 */
	static StubProcess launch(Project project, Duration latency, List<String> launcher, Path log, String address) {
		if (!RemoteTargets.loopback(address)) {
			throw new IllegalArgumentException("The stub is only started on loopback addresses, not " + address);
		}
		PartnerStubLauncher.Launched stub = PartnerStubLauncher.launch(launcher, project.java(), JVM_OPTIONS,
				project.stubJar(), address, latency, log);
		return new StubProcess(stub.process(), stub.baseUrl(), stub.command());
	}

	/**
	 * A stub the runner did not start ({@code --stub-url}): reset and measured over HTTP
	 * only, never stopped.
	 */
	static StubProcess remote(URI baseUrl) {
		return new StubProcess(null, baseUrl, List.of());
	}

	/** The stub's process id when the runner started it. */
	java.util.OptionalLong pid() {
		return (this.process != null) ? java.util.OptionalLong.of(this.process.pid()) : java.util.OptionalLong.empty();
	}

	/** Stops the stub if the runner started it. */
	void stop(Duration grace) throws InterruptedException {
		if (this.process != null) {
			this.process.stop(grace);
		}
	}

	/**
	 * The median time of a few sequential partner calls (ms), to tell whether a stub the
	 * runner did not start runs with the latency the report assumes; -1 if none answered.
	 */
	long probeLatencyMs(Duration latency) {
		List<Long> times = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			long start = System.nanoTime();
			if (Http
				.get(this.baseUrl.resolve("/fraud/score?customerId=" + (7 + i) + "&amountCents=1000"),
						latency.plusSeconds(5))
				.isPresent()) {
				times.add((System.nanoTime() - start) / 1_000_000);
			}
		}
		return times.isEmpty() ? -1 : times.stream().sorted().toList().get(times.size() / 2);
	}

	void awaitReady() throws InterruptedException {
		if (this.process == null) {
			for (long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); System
				.nanoTime() < deadline; Thread.sleep(500)) {
				if (Http.get(this.baseUrl.resolve(PartnerStubLauncher.READY_PATH), Duration.ofSeconds(2)).isPresent()) {
					return;
				}
			}
			throw new IllegalStateException(
					"The partner stub at " + this.baseUrl + " did not answer GET /admin/faults");
		}
		if (!PartnerStubLauncher.awaitReady(this.process, this.baseUrl, Duration.ofSeconds(90))) {
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
