package dev.rvl.bench;

import java.util.List;
import java.util.OptionalDouble;

import dev.rvl.bench.HarnessCheck.Window;

/**
 * One step in the report: what was measured, whether it was held, and what it cost.
 *
 * @param stats the step's load results
 * @param held whether the step passed the knee's rules
 * @param failures why not, or {@code null}
 * @param idealInFlight Little's law: orders in flight at this rate with no queueing (open
 * model), else {@code null}
 * @param inFlight mean {@code orders_in_flight}
 * @param stubP99Ms the stub's own p99
 * @param appCpu mean app CPU (cores)
 * @param gatlingCpu mean Gatling CPU (cores)
 * @param postgresCpu mean PostgreSQL CPU (cores)
 * @param stubCpu mean stub CPU (cores)
 * @param machineBusy mean machine CPU busy (cores)
 * @param appRssMb mean app RSS (MiB)
 * @param heapMb mean heap used (MiB)
 * @param threads mean live threads
 * @param poolActive mean DB connections in use
 * @param poolPending mean requests waiting for a connection
 * @param appCpuMsPerOrder app CPU time per passed primary request (ms): the efficiency
 * figure
 * @param postgresCpuMsPerOrder PostgreSQL's CPU time per passed primary request (ms)
 * @param maxGcPauseMs the longest GC pause in the step (ms), or {@code null} if none
 * @param threadCpu where the app's CPU went, thread by thread, or {@code null}
 * @param refusedAfterAdmission the step's 503s the app gave after admitting the order
 * (its queue budget ran out, or its DB pool wait), from {@code orders_placed_total} with
 * outcome {@code overloaded}; the step's other 503s were refused at the door (scheduling
 * lag, adaptive limit, memory guard), or {@code null} if the app's counter was not read
 * @param listenOverflows how often in the step a listen queue on this machine was full
 * when a connection arrived (the kernel's {@code ListenOverflows}): clients whose SYN was
 * dropped wait a second or more for its retransmission; {@code null} where unknown (an
 * app on another machine)
 * @param quotaStopped the share of the step's time the app's CPU quota stopped it (the
 * cgroup's throttled time), or {@code null} without a quota
 */
record StepRow(StepStats stats, boolean held, String failures, Double idealInFlight, Double inFlight, Double stubP99Ms,
		Double appCpu, Double gatlingCpu, Double postgresCpu, Double stubCpu, Double machineBusy, Double appRssMb,
		Double heapMb, Double threads, Double poolActive, Double poolPending, Double appCpuMsPerOrder,
		Double postgresCpuMsPerOrder, Double maxGcPauseMs, ThreadCpu threadCpu, Long refusedAfterAdmission,
		Long listenOverflows, Double quotaStopped) {

	static StepRow of(StepStats stats, Window window, ResourceSeries resources, Double stubP99Ms,
			WorkloadSummary workload, ThreadCpu threadCpu, Double maxGcPauseMs, Long refusedAfterAdmission,
			Long listenOverflows, Double quotaStopped) {
		List<String> failures = Knee.failures(stats, workload.openModel(), workload.sloP99Ms());
		Double ideal = workload.openModel() ? round(workload.idealInFlight(stats.offered())) : null;
		Double appCpu = mean(resources, ResourceSeries.CPU + Sample.APP, window);
		Double postgresCpu = mean(resources, ResourceSeries.CPU + Sample.POSTGRES, window);
		return new StepRow(stats, failures.isEmpty(), failures.isEmpty() ? null : String.join("; ", failures), ideal,
				mean(resources, ResourceSeries.IN_FLIGHT, window), (stubP99Ms != null) ? round(stubP99Ms) : null,
				appCpu, mean(resources, ResourceSeries.CPU + Sample.GATLING, window), postgresCpu,
				mean(resources, ResourceSeries.CPU + Sample.STUB, window),
				mean(resources, ResourceSeries.MACHINE_BUSY, window),
				mean(resources, ResourceSeries.MEMORY + Sample.APP, window),
				mean(resources, ResourceSeries.HEAP, window), mean(resources, ResourceSeries.THREADS, window),
				mean(resources, ResourceSeries.POOL_ACTIVE, window),
				mean(resources, ResourceSeries.POOL_PENDING, window), perOrder(appCpu, stats),
				perOrder(postgresCpu, stats), (maxGcPauseMs != null) ? round(maxGcPauseMs) : null, threadCpu,
				refusedAfterAdmission, listenOverflows, quotaStopped);
	}

	/**
	 * CPU milliseconds per passed primary request: cores x 1000 / passed per second. Mean
	 * cores over a run say nothing about efficiency; this does.
	 */
	static Double perOrder(Double cores, StepStats stats) {
		if (cores == null || stats.okPerSecond() <= 0) {
			return null;
		}
		return Math.round(cores * 1000 / stats.okPerSecond() * 1000) / 1000.0;
	}

	private static Double mean(ResourceSeries resources, String column, Window window) {
		if (window == null) {
			return null;
		}
		OptionalDouble mean = resources.mean(column, window.fromMs(), window.toMs());
		return mean.isPresent() ? round(mean.getAsDouble()) : null;
	}

	private static double round(double value) {
		return Math.round(value * 100) / 100.0;
	}

}
