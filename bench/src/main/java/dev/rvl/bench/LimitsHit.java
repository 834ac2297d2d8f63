package dev.rvl.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Which limit a variant ran into, in words, from what was counted: statuses at the
 * client, outcomes the app counted, and the peaks of its threads, pool and in-flight
 * gauges. Said for every variant, so the baseline's collapse is attributed to its thread
 * pool (or not) by the numbers.
 */
final class LimitsHit {

	private LimitsHit() {
	}

	/**
	 * @param statuses the client's counts by status over the load
	 * @param outcomes the app's {@code orders_placed_total} increase by outcome
	 * @param refusals the app's {@code orders_admission_refused_total} increase by reason
	 * (empty when it does not publish it)
	 * @param resources the sampled series
	 * @param observed settings read from the app at start
	 * @param maxInFlight the admission limit the app was given
	 * @param requestTimeoutMs the client's request timeout
	 */
	static List<String> describe(Map<String, Long> statuses, Map<String, Long> outcomes, Map<String, Long> refusals,
			ResourceSeries resources, Map<String, String> observed, int maxInFlight, long requestTimeoutMs) {
		List<String> limits = new ArrayList<>();
		OptionalDouble busy = resources.max(ResourceSeries.BUSY_THREADS);
		String tomcatMax = observed.get("Tomcat max threads");
		// with virtual threads Tomcat reports a maximum of -1: no pool to exhaust
		if (busy.isPresent() && tomcatMax != null && Double.parseDouble(tomcatMax) > 0
				&& busy.getAsDouble() >= Double.parseDouble(tomcatMax)) {
			limits.add("Tomcat's thread pool: all " + tomcatMax + " request threads busy");
		}
		long timeouts = statuses.getOrDefault("timeout", 0L);
		if (timeouts > 0) {
			limits.add(timeouts + " requests unanswered within " + requestTimeoutMs / 1000
					+ " s (queued: waiting for a thread, a connection or the event loop)");
		}
		long ioErrors = statuses.getOrDefault("io-error", 0L);
		if (ioErrors > 0) {
			limits.add(ioErrors + " connections refused or reset (accept queue or max-connections)");
		}
		long overloaded = outcomes.getOrDefault("overloaded", 0L);
		if (statuses.getOrDefault("503", 0L) > 0) {
			limits.add(statuses.get("503") + " x 503 overloaded" + refusedBy(refusals, overloaded, maxInFlight));
		}
		if (statuses.getOrDefault("504", 0L) > 0) {
			limits.add(statuses.get("504") + " x 504 partner-timeout (the partner deadline passed)");
		}
		if (statuses.getOrDefault("502", 0L) > 0) {
			limits.add(statuses.get("502") + " x 502 partner-unavailable");
		}
		if (statuses.getOrDefault("500", 0L) > 0) {
			limits.add(statuses.get("500") + " x 500 internal errors");
		}
		resources.max(ResourceSeries.POOL_PENDING).ifPresent((pending) -> {
			if (pending >= 1) {
				limits.add(Benchmark.format("DB pool: up to %.0f requests waiting for a connection", pending));
			}
		});
		resources.max(ResourceSeries.IN_FLIGHT).ifPresent((inFlight) -> {
			if (inFlight >= maxInFlight) {
				limits.add("admission limit: " + maxInFlight + " requests in flight");
			}
		});
		return limits;
	}

	/**
	 * Who refused: by reason when the app counts its refusals at the door, else the
	 * mechanisms that could have.
	 */
	private static String refusedBy(Map<String, Long> refusals, long afterAdmission, int maxInFlight) {
		if (refusals.isEmpty()) {
			return " (the scheduling-lag guard or the admission limit on orders, the memory guard of " + maxInFlight
					+ " in flight, the queue budget or the DB pool wait)"
					+ ((afterAdmission > 0) ? ", " + afterAdmission + " counted by the app" : "");
		}
		return ": " + refusals.getOrDefault("scheduling-lag", 0L) + " at the door by the scheduling-lag guard, "
				+ refusals.getOrDefault("order-limit", 0L) + " by the adaptive limit on orders, "
				+ refusals.getOrDefault("memory-guard", 0L) + " by the memory guard of " + maxInFlight + " in flight; "
				+ afterAdmission + " after admission (the queue budget or the DB pool wait)";
	}

}
