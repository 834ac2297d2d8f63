package dev.rvl.bench;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;

import dev.rvl.testsupport.ChildProcess;

/**
 * An app the runner started from its jar on 127.0.0.1: measured through its metrics and
 * through {@code /proc} (CPU, RSS, each thread's CPU), named by {@code jcmd}, stopped
 * with SIGTERM.
 *
 * @param app the process
 */
record LocalTarget(AppProcess app) implements Target {

	@Override
	public URI baseUrl() {
		return this.app.baseUrl();
	}

	@Override
	public URI metrics() {
		return this.app.metrics();
	}

	@Override
	public String describe() {
		return Benchmark.format("ready in %.1f s (pid %d)", this.app.startup().toMillis() / 1000.0,
				this.app.process().pid());
	}

	@Override
	public Sampler sampler(ProcFs proc, StubProcess stub, OptionalLong postmaster) {
		return new Sampler(proc, this.app.process().pid(), stub.process().pid(), postmaster, metrics(), stub.metrics());
	}

	@Override
	public Map<Long, String> threadNames(Project project) {
		return ThreadNames.of(project, this.app.process().pid());
	}

	@Override
	public Integer exitedDuringLoad() throws InterruptedException {
		return this.app.process().isAlive() ? null : this.app.process().waitFor(Duration.ZERO);
	}

	@Override
	public ChildProcess.Stopped stop(Duration grace) throws InterruptedException {
		return this.app.process().stop(grace);
	}

	@Override
	public AppProcess local() {
		return this.app;
	}

}
