package dev.rvl.bench;

import java.util.Map;

/**
 * One reading of everything the sampler watches, taken once a second.
 *
 * @param epochMs when
 * @param processes per role ({@code app}, {@code gatling}, {@code stub},
 * {@code postgres}, {@code bench}): cumulative CPU ticks and memory
 * @param machine the machine's CPU counters, or {@code null}
 * @param app the app's metrics, or {@code null} when the scrape failed
 * @param stubBuckets the stub's partner-endpoint latency histogram (cumulative count per
 * upper bound in seconds), or {@code null}
 * @param appThreads the app's threads by thread id: kernel name and cumulative CPU ticks
 * @param cpus each CPU's counters, by CPU id
 * @param listenOverflows the machine's listen-queue overflows since boot
 * ({@link ProcFs#listenOverflows()}), or {@code null} (unknown, or an app on another
 * machine)
 * @param quotaStoppedMs how long the app's CPU quota has stopped it since the quota was
 * set, in milliseconds ({@link CpuQuota#stoppedMs()}), or {@code null} (no quota)
 */
record Sample(long epochMs, Map<String, ProcessReading> processes, ProcFs.MachineCpu machine, AppReading app,
		Map<Double, Double> stubBuckets, Map<Long, ProcFs.ThreadStat> appThreads, Map<Integer, ProcFs.MachineCpu> cpus,
		Long listenOverflows, Long quotaStoppedMs) {

	Sample {
		appThreads = (appThreads != null) ? Map.copyOf(appThreads) : Map.of();
		cpus = (cpus != null) ? Map.copyOf(cpus) : Map.of();
	}

	/** A reading without the CPU quota's counter. */
	Sample(long epochMs, Map<String, ProcessReading> processes, ProcFs.MachineCpu machine, AppReading app,
			Map<Double, Double> stubBuckets, Map<Long, ProcFs.ThreadStat> appThreads,
			Map<Integer, ProcFs.MachineCpu> cpus, Long listenOverflows) {
		this(epochMs, processes, machine, app, stubBuckets, appThreads, cpus, listenOverflows, null);
	}

	/** A reading without the listen-queue counter. */
	Sample(long epochMs, Map<String, ProcessReading> processes, ProcFs.MachineCpu machine, AppReading app,
			Map<Double, Double> stubBuckets, Map<Long, ProcFs.ThreadStat> appThreads,
			Map<Integer, ProcFs.MachineCpu> cpus) {
		this(epochMs, processes, machine, app, stubBuckets, appThreads, cpus, null, null);
	}

	/** A reading without per-thread or per-CPU figures. */
	Sample(long epochMs, Map<String, ProcessReading> processes, ProcFs.MachineCpu machine, AppReading app,
			Map<Double, Double> stubBuckets) {
		this(epochMs, processes, machine, app, stubBuckets, Map.of(), Map.of());
	}

	static final String APP = "app";

	static final String GATLING = "gatling";

	static final String STUB = "stub";

	static final String POSTGRES = "postgres";

	static final String BENCH = "bench";

	/**
	 * A process (or group of processes) at one instant.
	 *
	 * @param cpuTicks cumulative user + system ticks (for PostgreSQL: the postmaster, its
	 * live children and its exited children)
	 * @param memoryBytes resident set size (for PostgreSQL: the sum of proportional set
	 * sizes, so shared buffers count once)
	 */
	record ProcessReading(long cpuTicks, long memoryBytes) {
	}

}
