package dev.rvl.domain.config;

import java.time.Duration;

/**
 * The {@code orders.*} settings, with the same names and defaults in both apps.
 *
 * @param maxInFlight the memory guard: more requests in flight are refused with 503,
 * whatever the adaptive limit says
 * @param queueBudget how long an order may wait in queues between admission and its
 * database or partner work before it is refused with 503 instead
 * @param admission the adaptive concurrency limit for placing orders
 * @param bulk the bulk ingest limits
 */
public record OrdersSettings(int maxInFlight, Duration queueBudget, AdmissionSettings admission, Bulk bulk) {

	public OrdersSettings {
		positive("orders.max-in-flight", maxInFlight);
		if (queueBudget == null || queueBudget.isNegative() || queueBudget.isZero()) {
			throw new IllegalArgumentException("orders.queue-budget must be positive, was " + queueBudget);
		}
	}

	/**
	 * The {@code orders.admission.*} settings: the limit on {@code POST /api/orders} in
	 * flight.
	 *
	 * @param limit the algorithm: {@code vegas}, {@code gradient2} or {@code fixed} (no
	 * adaptive limit, only {@code orders.max-in-flight})
	 * @param initialLimit the limit at start-up
	 * @param minLimit the adaptive limit never goes below this
	 * @param maxLimit nor above this
	 * @param maxLag orders are refused while the app's own scheduler (event loops,
	 * virtual-thread scheduler) runs later than this behind its schedule
	 * ({@link dev.rvl.domain.admission.SchedulingLag}); 0 switches the guard off
	 */
	public record AdmissionSettings(LimitAlgorithm limit, int initialLimit, int minLimit, int maxLimit,
			Duration maxLag) {

		public AdmissionSettings {
			if (maxLag == null || maxLag.isNegative()) {
				throw new IllegalArgumentException(
						"orders.admission.max-lag must be 0 (off) or positive, was " + maxLag);
			}
			if (limit == null) {
				throw new IllegalArgumentException("orders.admission.limit must be vegas, gradient2 or fixed");
			}
			positive("orders.admission.min-limit", minLimit);
			if (initialLimit < minLimit || initialLimit > maxLimit) {
				throw new IllegalArgumentException("orders.admission.initial-limit must be between min-limit "
						+ minLimit + " and max-limit " + maxLimit + ", was " + initialLimit);
			}
		}

	}

	/** The algorithms of {@code orders.admission.limit}. */
	public enum LimitAlgorithm {

		/**
		 * TCP Vegas: queueing estimated from the latency over the lowest latency seen.
		 */
		VEGAS,

		/** Netflix's Gradient2: the latency over its long-term average. */
		GRADIENT2,

		/** No adaptive limit: {@code orders.max-in-flight} alone. */
		FIXED

	}

	/**
	 * The {@code orders.bulk.*} settings.
	 *
	 * @param concurrency orders placed at the same time for one bulk request
	 * @param buffer parsed orders waiting for a free slot; when full, the app stops
	 * reading
	 * @param maxLines lines processed per request; later ones are answered 413
	 */
	public record Bulk(int concurrency, int buffer, int maxLines) {

		public Bulk {
			positive("orders.bulk.concurrency", concurrency);
			positive("orders.bulk.buffer", buffer);
			positive("orders.bulk.max-lines", maxLines);
		}

	}

	static void positive(String name, long value) {
		if (value < 1) {
			throw new IllegalArgumentException(name + " must be at least 1, was " + value);
		}
	}

}
