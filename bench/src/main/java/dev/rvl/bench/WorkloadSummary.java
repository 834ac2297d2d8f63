package dev.rvl.bench;

import java.util.List;

/**
 * What load was offered, against which SLO, and the Little's-law reference.
 * <p>
 * Ideal latency = partner latency (fraud and shipping are called in parallel, so one
 * latency, not two) + a small DB allowance. By Little's law an app that adds no queueing
 * holds {@code L = rate x ideal latency} orders in flight; a thread-per-request server
 * with {@code N} threads therefore tops out near {@code N / ideal latency} orders/s.
 *
 * @param preset the preset
 * @param quick whether the quick plan ran
 * @param simulation the simulation
 * @param model {@code open} or {@code closed}
 * @param unit unit of the offered load
 * @param primaryRequest the request the latency and SLO are about
 * @param plan the load plan
 * @param partnerLatencyMs the stub's latency per call
 * @param sloP99Ms the SLO on the primary request's p99
 * @param idealDbMs the DB allowance
 * @param idealLatencyMs partner latency + DB allowance
 * @param platformThreads the baseline's thread pool
 * @param threadCeiling orders/s the baseline's pool can carry at the ideal latency
 * @param cores the machine's cores
 * @param variants the variants in running order
 * @param isolation how the CPUs were shared
 * @param checked what the harness check looked at
 * @param remote the apps' URLs and what a remote run cannot show, when the runner did not
 * start the apps ({@code --target}), else {@code null}
 */
record WorkloadSummary(String preset, boolean quick, String simulation, String model, String unit,
		String primaryRequest, String plan, long partnerLatencyMs, long sloP99Ms, long idealDbMs, long idealLatencyMs,
		int platformThreads, double threadCeiling, int cores, List<String> variants, String isolation, String checked,
		RemoteTargets.Note remote) {

	static final int PLATFORM_THREADS = 200;

	static WorkloadSummary of(BenchOptions options, int cores, List<VariantResult> results) {
		Simulation simulation = options.simulation();
		String unit = results.stream()
			.filter(VariantResult::measured)
			.map((result) -> result.recording().meta().unit())
			.findFirst()
			.orElse(simulation.openModel() ? "orders/s" : "users");
		long ideal = options.idealLatencyMs();
		return new WorkloadSummary(options.workload().id(), options.quick(), simulation.id(),
				simulation.openModel() ? "open" : "closed", unit, simulation.primaryRequest(),
				options.plan().toString(), options.partnerLatency().toMillis(), options.sloP99Ms(), options.idealDbMs(),
				ideal, PLATFORM_THREADS, PLATFORM_THREADS * 1000.0 / ideal, cores,
				options.variants().stream().map(Variant::id).toList(), options.isolation().describe(), checked(options),
				options.remote().note());
	}

	/** What the harness check looked at, in words: the verdict claims no more. */
	static String checked(BenchOptions options) {
		return "in every step that decides a knee, the generator started at least "
				+ Math.round(options.limits().minSentRatio() * 100)
				+ " % of the offered arrivals and kept to its schedule"
				+ (options.remote().enabled() ? ""
						: options.isolation().isolated()
								? ", the harness's CPUs (Gatling, stub, PostgreSQL) had time to spare"
								: ", the machine's CPU had time to spare")
				+ ", Gatling and PostgreSQL stayed within their share, processes outside the benchmark and the "
				+ "hypervisor took little, the stub answered within its latency and the readings were complete"
				+ (options.remote().enabled() ? " (with remote targets this machine hosts only the harness: its CPU as "
						+ "a whole, other processes and steal on it are warnings; Gatling's own CPU, rate and schedule "
						+ "decide)" : "");
	}

	boolean openModel() {
		return "open".equals(this.model);
	}

	/** Little's law: orders in flight at this rate with no queueing. */
	double idealInFlight(double ratePerSecond) {
		return ratePerSecond * this.idealLatencyMs / 1000.0;
	}

}
