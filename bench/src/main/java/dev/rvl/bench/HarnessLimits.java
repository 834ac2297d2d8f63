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
 * @param warnMachineBusyShare machine CPU busy share that earns a warning
 */
record HarnessLimits(double minSentRatio, double maxGeneratorShare, double maxPostgresShare, double maxOtherCores,
		double maxStealShare, double stubP99Factor, long stubP99SlackMs, double minSampleCoverage,
		double warnMachineBusyShare) {

	static HarnessLimits defaults() {
		return new HarnessLimits(Knee.MIN_SENT_RATIO, 0.5, 0.5, 0.3, 0.05, 1.25, 25, 0.8, 0.95);
	}

	long maxStubP99Ms(long configuredLatencyMs) {
		return Math.round(configuredLatencyMs * this.stubP99Factor) + this.stubP99SlackMs;
	}

}
