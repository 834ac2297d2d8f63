package dev.rvl.bench;

import java.util.Map;

/**
 * What one step of the load profile measured (ramps excluded).
 *
 * @param step step index
 * @param offered planned load (orders/s in the open model, users in the closed model)
 * @param seconds seconds held
 * @param sentPerSecond primary requests started per second
 * @param okPerSecond primary requests that passed, per second (throughput)
 * @param requestsPerSecond requests of every name started per second
 * @param itemsPerSecond orders created by bulk requests per second
 * @param success share of requests of every name that passed (0..1)
 * @param p50 median latency of the primary request (ms), refusals apart, refusals apart
 * @param p95 95th percentile (ms)
 * @param p99 99th percentile (ms)
 * @param max maximum (ms)
 * @param statuses counts by status over every request name
 * @param generatorLagSeconds how far the generator fell behind its schedule at worst in
 * the step: the largest running deficit of started primary requests against the offered
 * rate, in seconds of that rate (open model; 0 when it kept up)
 * @param refusedPerSecond primary requests refused with 503 per second
 * @param refusedP99 the p99 of those refusals (ms), 0 when there were none
 */
record StepStats(int step, double offered, int seconds, double sentPerSecond, double okPerSecond,
		double requestsPerSecond, double itemsPerSecond, double success, long p50, long p95, long p99, long max,
		Map<String, Long> statuses, double generatorLagSeconds, double refusedPerSecond, long refusedP99) {

	/** A step without refusals. */
	StepStats(int step, double offered, int seconds, double sentPerSecond, double okPerSecond, double requestsPerSecond,
			double itemsPerSecond, double success, long p50, long p95, long p99, long max, Map<String, Long> statuses,
			double generatorLagSeconds) {
		this(step, offered, seconds, sentPerSecond, okPerSecond, requestsPerSecond, itemsPerSecond, success, p50, p95,
				p99, max, statuses, generatorLagSeconds, 0, 0);
	}

	/** A step whose generator kept to its schedule. */
	StepStats(int step, double offered, int seconds, double sentPerSecond, double okPerSecond, double requestsPerSecond,
			double itemsPerSecond, double success, long p50, long p95, long p99, long max, Map<String, Long> statuses) {
		this(step, offered, seconds, sentPerSecond, okPerSecond, requestsPerSecond, itemsPerSecond, success, p50, p95,
				p99, max, statuses, 0);
	}

	/** Sent / offered: whether the load generator held the arrival rate. */
	double sentRatio() {
		return (this.offered > 0) ? this.sentPerSecond / this.offered : 1;
	}

}
