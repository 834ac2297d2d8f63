package dev.rvl.bench;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

import dev.rvl.testsupport.PrometheusText;

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
 * ({@code jvm_threads_virtual_live_threads}, the scheduler's view: parked ones are not
 * counted), or {@code null}
 * @param carrierThreads the virtual-thread scheduler's platform threads, or {@code null}
 * @param admissionLimit the admission limit on orders now
 * ({@code orders_admission_limit}: adaptive, or fixed), or {@code null}
 * @param processCpuSeconds the JVM's cumulative CPU time
 * ({@code process_cpu_time_ns_total} in seconds), or {@code null}: the app's CPU when it
 * is not on this machine
 * @param processCpuUsage the JVM's recent CPU use as a share of the CPUs it sees
 * ({@code process_cpu_usage}), or {@code null}: the fallback for the above
 * @param cpuCount the CPUs the JVM sees ({@code system_cpu_count}), or {@code null}
 * @param schedulingLagSeconds how far behind its schedule the app's scheduler runs at the
 * scrape ({@code orders_admission_lag_seconds}), or {@code null}
 * @param refusedAtAdmission cumulative {@code orders_admission_refused_total} by reason
 * (empty when the app does not publish it)
 */
record AppReading(Double liveThreads, Double heapUsedBytes, Double gcPauses, Double gcPauseSeconds, Double poolActive,
		Double poolPending, Double inFlight, Double bulkQueueDepth, Double busyThreads,
		Map<String, Double> ordersPlaced, Double virtualThreads, Double carrierThreads, Double admissionLimit,
		Double processCpuSeconds, Double processCpuUsage, Double cpuCount, Double schedulingLagSeconds,
		Map<String, Double> refusedAtAdmission) {

	/** A reading without the refusals by reason. */
	AppReading(Double liveThreads, Double heapUsedBytes, Double gcPauses, Double gcPauseSeconds, Double poolActive,
			Double poolPending, Double inFlight, Double bulkQueueDepth, Double busyThreads,
			Map<String, Double> ordersPlaced, Double virtualThreads, Double carrierThreads, Double admissionLimit,
			Double processCpuSeconds, Double processCpuUsage, Double cpuCount, Double schedulingLagSeconds) {
		this(liveThreads, heapUsedBytes, gcPauses, gcPauseSeconds, poolActive, poolPending, inFlight, bulkQueueDepth,
				busyThreads, ordersPlaced, virtualThreads, carrierThreads, admissionLimit, processCpuSeconds,
				processCpuUsage, cpuCount, schedulingLagSeconds, Map.of());
	}

	/** A reading without the process's own CPU figures. */
	AppReading(Double liveThreads, Double heapUsedBytes, Double gcPauses, Double gcPauseSeconds, Double poolActive,
			Double poolPending, Double inFlight, Double bulkQueueDepth, Double busyThreads,
			Map<String, Double> ordersPlaced, Double virtualThreads, Double carrierThreads) {
		this(liveThreads, heapUsedBytes, gcPauses, gcPauseSeconds, poolActive, poolPending, inFlight, bulkQueueDepth,
				busyThreads, ordersPlaced, virtualThreads, carrierThreads, null, null, null, null, null);
	}

	/** A reading without the virtual-thread scheduler's figures. */
	AppReading(Double liveThreads, Double heapUsedBytes, Double gcPauses, Double gcPauseSeconds, Double poolActive,
			Double poolPending, Double inFlight, Double bulkQueueDepth, Double busyThreads,
			Map<String, Double> ordersPlaced) {
		this(liveThreads, heapUsedBytes, gcPauses, gcPauseSeconds, poolActive, poolPending, inFlight, bulkQueueDepth,
				busyThreads, ordersPlaced, null, null);
	}

	static AppReading of(PrometheusText metrics) {
		Map<String, Double> placed = byLabel(metrics, "orders_placed_total", "outcome");
		Map<String, Double> refused = byLabel(metrics, "orders_admission_refused_total", "reason");
		return new AppReading(value(metrics.sum("jvm_threads_live_threads")),
				value(metrics.sum("jvm_memory_used_bytes", (labels) -> "heap".equals(labels.get("area")))),
				value(metrics.sum("jvm_gc_pause_seconds_count")), value(metrics.sum("jvm_gc_pause_seconds_sum")),
				value(first(metrics.sum("hikaricp_connections_active"),
						metrics.sum("r2dbc_pool_acquired_connections"))),
				value(first(metrics.sum("hikaricp_connections_pending"),
						metrics.sum("r2dbc_pool_pending_connections"))),
				value(metrics.sum("orders_in_flight")), value(metrics.sum("orders_bulk_queue_depth")),
				value(metrics.sum("tomcat_threads_busy_threads")), placed,
				// Micrometer appends the base unit:
				// jvm_threads_virtual_live_threads{scheduling_status=...}
				value(first(metrics.sum("jvm_threads_virtual_live_threads"), metrics.sum("jvm_threads_virtual_live"))),
				value(first(metrics.sum("jvm_threads_virtual_pool_size_threads"),
						metrics.sum("jvm_threads_virtual_pool_size"))),
				value(metrics.sum("orders_admission_limit")),
				value(scaled(metrics.sum("process_cpu_time_ns_total"), 1e-9)), value(metrics.sum("process_cpu_usage")),
				value(metrics.sum("system_cpu_count")), value(metrics.sum("orders_admission_lag_seconds")), refused);
	}

	private static Map<String, Double> byLabel(PrometheusText metrics, String name, String label) {
		Map<String, Double> values = new TreeMap<>();
		metrics.named(name)
			.forEach((sample) -> values.merge(sample.labels().getOrDefault(label, "?"), sample.value(), Double::sum));
		return values;
	}

	/**
	 * Cores the app used, as its own metrics tell: the JVM's CPU time when it publishes
	 * it (differenced by the caller), else its recent CPU share times its CPUs.
	 */
	Double cpuCoresNow() {
		return (this.processCpuUsage != null && this.cpuCount != null && this.processCpuUsage >= 0)
				? this.processCpuUsage * this.cpuCount : null;
	}

	private static OptionalDouble scaled(OptionalDouble value, double factor) {
		return value.isPresent() ? OptionalDouble.of(value.getAsDouble() * factor) : value;
	}

	private static OptionalDouble first(OptionalDouble first, OptionalDouble second) {
		return first.isPresent() ? first : second;
	}

	private static Double value(OptionalDouble value) {
		return value.isPresent() ? value.getAsDouble() : null;
	}

}
