package dev.rvl.bench;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The app metrics of one scrape of {@code /actuator/prometheus}. Gauges are read as is;
 * the GC pause count and time and the orders-placed counters are cumulative and only ever
 * differenced ({@link CounterRates}). Summing a counter's series (all GC causes) at one
 * instant is fine; summing one series over time is not.
 *
 * @param liveThreads platform threads alive ({@code jvm_threads_live_threads}; virtual
 * threads are not counted)
 * @param heapUsedBytes heap in use, all pools
 * @param gcPauses cumulative GC pauses
 * @param gcPauseSeconds cumulative GC pause time
 * @param poolActive DB connections in use (HikariCP or r2dbc-pool)
 * @param poolPending requests waiting for a DB connection
 * @param inFlight {@code orders_in_flight}
 * @param bulkQueueDepth {@code orders_bulk_queue_depth}
 * @param busyThreads Tomcat worker threads busy, when Tomcat publishes them
 * @param ordersPlaced cumulative {@code orders_placed_total} by outcome
 * @param virtualThreads virtual threads mounted on a carrier or queued for one
 * ({@code jvm_threads_virtual_live}, the scheduler's view: parked ones are not counted),
 * or {@code null}
 * @param carrierThreads the virtual-thread scheduler's platform threads, or {@code null}
 * @param admissionLimit the admission limit on orders now
 * ({@code orders_admission_limit}: adaptive, or fixed), or {@code null}
 */
record AppReading(Double liveThreads, Double heapUsedBytes, Double gcPauses, Double gcPauseSeconds, Double poolActive,
		Double poolPending, Double inFlight, Double bulkQueueDepth, Double busyThreads,
		Map<String, Double> ordersPlaced, Double virtualThreads, Double carrierThreads, Double admissionLimit) {

	/** A reading without the virtual-thread scheduler's figures. */
	AppReading(Double liveThreads, Double heapUsedBytes, Double gcPauses, Double gcPauseSeconds, Double poolActive,
			Double poolPending, Double inFlight, Double bulkQueueDepth, Double busyThreads,
			Map<String, Double> ordersPlaced) {
		this(liveThreads, heapUsedBytes, gcPauses, gcPauseSeconds, poolActive, poolPending, inFlight, bulkQueueDepth,
				busyThreads, ordersPlaced, null, null, null);
	}

	static AppReading of(PrometheusText metrics) {
		Map<String, Double> placed = new TreeMap<>();
		metrics.named("orders_placed_total")
			.forEach((sample) -> placed.merge(sample.labels().getOrDefault("outcome", "?"), sample.value(),
					Double::sum));
		return new AppReading(value(metrics.sum("jvm_threads_live_threads")),
				value(metrics.sum("jvm_memory_used_bytes", (labels) -> "heap".equals(labels.get("area")))),
				value(metrics.sum("jvm_gc_pause_seconds_count")), value(metrics.sum("jvm_gc_pause_seconds_sum")),
				value(first(metrics.sum("hikaricp_connections_active"),
						metrics.sum("r2dbc_pool_acquired_connections"))),
				value(first(metrics.sum("hikaricp_connections_pending"),
						metrics.sum("r2dbc_pool_pending_connections"))),
				value(metrics.sum("orders_in_flight")), value(metrics.sum("orders_bulk_queue_depth")),
				value(metrics.sum("tomcat_threads_busy_threads")), placed,
				value(metrics.sum("jvm_threads_virtual_live")),
				value(first(metrics.sum("jvm_threads_virtual_pool_size_threads"),
						metrics.sum("jvm_threads_virtual_pool_size"))),
				value(metrics.sum("orders_admission_limit")));
	}

	private static OptionalDouble first(OptionalDouble first, OptionalDouble second) {
		return first.isPresent() ? first : second;
	}

	private static Double value(OptionalDouble value) {
		return value.isPresent() ? value.getAsDouble() : null;
	}

}
