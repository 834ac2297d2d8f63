package dev.rvl.bench;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;

import dev.rvl.testsupport.ChildProcess;

/**
 * An app the runner did not start ({@code --target}): known only by its URLs. No process
 * id, no process handle, no {@code /proc}: its figures come from its
 * {@code /actuator/prometheus}, and the runner neither starts nor stops it.
 *
 * @param baseUrl the API
 * @param actuatorUrl where its actuator answers (the API's URL unless the app has a
 * separate management port)
 */
record RemoteTarget(URI baseUrl, URI actuatorUrl) implements Target {

	private static final Duration READY = Duration.ofSeconds(60);

	/** Waits until the app reports ready, or fails with what it saw. */
	RemoteTarget awaitReady() throws InterruptedException {
		URI readiness = this.actuatorUrl.resolve("/actuator/health/readiness");
		long deadline = System.nanoTime() + READY.toNanos();
		while (System.nanoTime() < deadline) {
			if (Http.get(readiness, Duration.ofSeconds(2)).isPresent()) {
				return this;
			}
			Thread.sleep(500);
		}
		throw new IllegalStateException(readiness + " did not answer 200 within " + READY.toSeconds()
				+ " s: is the app running there, and is its actuator exposed at that URL (--target-actuator)?");
	}

	@Override
	public URI metrics() {
		return this.actuatorUrl.resolve("/actuator/prometheus");
	}

	@Override
	public String describe() {
		return "ready at " + this.baseUrl + " (remote target: figures from " + metrics() + ")";
	}

	@Override
	public Sampler sampler(ProcFs proc, StubProcess stub, OptionalLong postmaster) {
		return Sampler.remote(proc, stub.pid(), postmaster, metrics(), stub.metrics());
	}

	@Override
	public Map<Long, String> threadNames(Project project) {
		return Map.of();
	}

	@Override
	public Integer exitedDuringLoad() {
		return null;
	}

	@Override
	public ChildProcess.Stopped stop(Duration grace) {
		return null;
	}

	@Override
	public AppProcess local() {
		return null;
	}

}
