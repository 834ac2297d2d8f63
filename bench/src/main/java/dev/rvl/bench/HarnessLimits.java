package dev.rvl.bench;

/**
 * When the harness, not the app, limited a run. Shares are of the machine's cores.
 *
 * @param minSentRatio the generator must start at least this share of the offered
 * arrivals in each step (open model)
 * @param maxGeneratorShare Gatling's mean CPU in a step at most this share of the machine
 * @param maxPostgresShare PostgreSQL's mean CPU in a step at most this share of the
 * machine
 * @param maxOtherCores CPU used by processes outside the benchmark (another build, a test
 * suite) at most this many cores in a step
 * @param maxStealShare CPU time stolen by the hypervisor at most this share
 * @param stubP99Factor the stub's own p99 in a step at most its configured latency times
 * this ...
 * @param stubP99SlackMs ... plus this (the stub's histogram buckets are ~10 % wide)
 * @param minSampleCoverage share of the expected once-a-second readings actually taken
 * @param maxMachineBusyShare without CPU isolation, the machine's CPU busy share at most
 * this: above it the app and the harness starve each other and no one can tell which
 * limited the step
 * @param maxHarnessBusyShare with CPU isolation, the harness's CPUs busy at most this
 * share: above it the harness did not fit in its CPUs
 * @param maxGeneratorLagSeconds the generator behind its schedule by at most this (open
 * model)
 */
record HarnessLimits(double minSentRatio, double maxGeneratorShare, double maxPostgresShare, double maxOtherCores,
		double maxStealShare, double stubP99Factor, long stubP99SlackMs, double minSampleCoverage,
		double maxMachineBusyShare, double maxHarnessBusyShare, double maxGeneratorLagSeconds) {

	static HarnessLimits defaults() {
		return new HarnessLimits(Knee.MIN_SENT_RATIO, 0.5, 0.5, 0.3, 0.05, 1.25, 25, 0.8, 0.95, 0.9, 1.0);
	}

	long maxStubP99Ms(long configuredLatencyMs) {
		return Math.round(configuredLatencyMs * this.stubP99Factor) + this.stubP99SlackMs;
	}

}
