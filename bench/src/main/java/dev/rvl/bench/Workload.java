package dev.rvl.bench;

import java.time.Duration;
import java.util.Locale;

/**
 * The workload presets: partner latency, SLO, and the load plans of a default and a quick
 * run, sized for a 2-core machine that also hosts the generator, the stub and PostgreSQL.
 */
enum Workload {

	/**
	 * 100 ms partners: the usual microservice call. On 2 cores the run becomes CPU-bound.
	 */
	STANDARD(Duration.ofMillis(100), Duration.ofSeconds(2), 500, new LoadPlan(200, 700, 6, 20, 3, 0, 60),
			new LoadPlan(20, 80, 3, 8, 1, 0, 20)),

	/**
	 * 3 s partners: work waits on I/O. By Little's law 200 platform threads carry about
	 * 200 / 3.01 s = 66 orders/s, well below what the CPU of a 2-core machine (which also
	 * hosts Gatling, the stub and PostgreSQL) allows the other variants; at 1 s the wall
	 * (about 198 orders/s) would lie beyond that CPU limit and all three would fail
	 * together. The partner deadline is raised to 5 s for every variant.
	 */
	SLOW_PARTNER(Duration.ofSeconds(3), Duration.ofSeconds(5), 4000, new LoadPlan(20, 160, 8, 20, 3, 0, 20),
			new LoadPlan(40, 120, 3, 8, 1, 0, 20)),

	/** 10 ms partners: little waiting, the run is CPU-bound from the start. */
	FAST_PARTNER(Duration.ofMillis(10), Duration.ofSeconds(2), 200, new LoadPlan(40, 250, 8, 20, 3, 0, 20),
			new LoadPlan(40, 120, 3, 8, 1, 0, 20));

	/** How long the cold start offers its load: long enough to see it settle. */
	static final long COLD_START_SECONDS = 60;

	private final Duration partnerLatency;

	private final Duration partnerTimeout;

	private final long sloP99Ms;

	private final LoadPlan plan;

	private final LoadPlan quickPlan;

	Workload(Duration partnerLatency, Duration partnerTimeout, long sloP99Ms, LoadPlan plan, LoadPlan quickPlan) {
		this.partnerLatency = partnerLatency;
		this.partnerTimeout = partnerTimeout;
		this.sloP99Ms = sloP99Ms;
		this.plan = plan;
		this.quickPlan = quickPlan;
	}

	String id() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	Duration partnerLatency() {
		return this.partnerLatency;
	}

	/** {@code partner.timeout} for every variant: longer than the latency. */
	Duration partnerTimeout() {
		return this.partnerTimeout;
	}

	long sloP99Ms() {
		return this.sloP99Ms;
	}

	LoadPlan plan(boolean quick) {
		return quick ? this.quickPlan : this.plan;
	}

	static Workload of(String id) {
		for (Workload workload : values()) {
			if (workload.id().equals(id.strip().toLowerCase(Locale.ROOT))) {
				return workload;
			}
		}
		throw new IllegalArgumentException("Unknown preset '" + id + "' (standard, slow-partner, fast-partner)");
	}

}
