package dev.rvl.bench;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The Gatling simulations the runner can drive, and how a {@link LoadPlan} maps onto each
 * one's system properties.
 */
enum Simulation {

	/** Open-model stairs of arrival rate: the default, with a knee per variant. */
	STAIRS("dev.rvl.gatling.StairsSimulation", "place-order"),

	/** Closed-model stairs of concurrent shoppers. */
	CONCURRENCY("dev.rvl.gatling.ConcurrencyRampSimulation", "place-order"),

	/** Base rate {@code from}, a spike to {@code to} for one step, base again. */
	SPIKE("dev.rvl.gatling.SpikeSimulation", "place-order"),

	/** {@code to} orders/s held for all the steps' time. */
	SOAK("dev.rvl.gatling.SoakSimulation", "place-order"),

	/** Closed-model stairs of concurrent bulk uploads. */
	BULK("dev.rvl.gatling.BulkIngestSimulation", "bulk-ingest"),

	/**
	 * 0.5, 1, 1.5, 2, 4 and again 0.5 times each variant's knee ({@code --knee}), one
	 * level per step: goodput beyond the knee and recovery.
	 */
	OVERLOAD("dev.rvl.gatling.OverloadSimulation", "place-order"),

	/**
	 * 0.8 times each variant's knee from the first second, the app started without a
	 * warm-up: time to the SLO after a deployment under traffic.
	 */
	COLD_START("dev.rvl.gatling.ColdStartSimulation", "place-order");

	/** The cold start offers this share of the knee. */
	static final double COLD_START_SHARE = 0.8;

	/** Orders per bulk request. */
	static final int BULK_LINES = 200;

	private final String className;

	private final String primaryRequest;

	Simulation(String className, String primaryRequest) {
		this.className = className;
		this.primaryRequest = primaryRequest;
	}

	String id() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/** Whether its levels are multiples of a knee given per variant. */
	boolean needsKnee() {
		return this == OVERLOAD || this == COLD_START;
	}

	String className() {
		return this.className;
	}

	/** The request whose latency the knee and SLO are about. */
	String primaryRequest() {
		return this.primaryRequest;
	}

	/**
	 * The SLO of the primary request: the preset's for an order; for a bulk request, the
	 * preset's times the rounds of {@code orders.bulk.concurrency} it takes.
	 */
	long sloP99Ms(long orderSloMs, int bulkConcurrency) {
		return (this == BULK) ? orderSloMs * ((BULK_LINES + bulkConcurrency - 1) / bulkConcurrency) : orderSloMs;
	}

	/** Gatling's request timeout for this simulation (see gatling.conf). */
	long requestTimeoutMs() {
		return (this == BULK) ? 60_000 : 10_000;
	}

	boolean openModel() {
		return this == STAIRS || this == SPIKE || this == SOAK || this == OVERLOAD || this == COLD_START;
	}

	/**
	 * The system properties of a run against a variant whose knee is {@code knee}
	 * (orders/s; for the simulations that need one).
	 */
	Map<String, String> properties(LoadPlan plan, long sloP99Ms, Double knee) {
		Map<String, String> properties = properties(plan, sloP99Ms);
		if (this == OVERLOAD) {
			properties.put("overload.knee", LoadPlan.number(knee));
		}
		else if (this == COLD_START) {
			properties.put("rate.to", LoadPlan.number(Math.max(1, Math.round(knee * COLD_START_SHARE))));
		}
		return properties;
	}

	/**
	 * Seconds at the first level before the first step, not measured: Gatling's own JVM
	 * compiles its hot paths there, on the harness's CPUs, not in the first measured
	 * step. None for a cold start (it is the first second that matters).
	 */
	static final long LEAD_SECONDS = 10;

	long leadSeconds() {
		return (this == COLD_START) ? 0 : LEAD_SECONDS;
	}

	/** The system properties of the Gatling run (see the gatling module's Config). */
	Map<String, String> properties(LoadPlan plan, long sloP99Ms) {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("lead.seconds", Long.toString(leadSeconds()));
		properties.put("slo.p99.ms", Long.toString(sloP99Ms));
		properties.put("step.seconds", Long.toString(plan.stepSeconds()));
		properties.put("ramp.seconds", Long.toString(plan.rampSeconds()));
		properties.put("hold.seconds", Long.toString(plan.holdSeconds()));
		switch (this) {
			case STAIRS -> {
				properties.put("rate.from", LoadPlan.number(plan.from()));
				properties.put("rate.to", LoadPlan.number(plan.to()));
				properties.put("rate.steps", Integer.toString(plan.steps()));
			}
			case CONCURRENCY -> {
				properties.put("users.from", LoadPlan.number(Math.round(plan.from())));
				properties.put("users.to", LoadPlan.number(Math.round(plan.to())));
				properties.put("users.steps", Integer.toString(plan.steps()));
			}
			case SPIKE -> {
				properties.put("spike.base", LoadPlan.number(plan.from()));
				properties.put("spike.peak", LoadPlan.number(plan.to()));
				properties.put("spike.seconds", Long.toString(plan.stepSeconds()));
				properties.put("spike.base.seconds", Long.toString(plan.stepSeconds()));
			}
			case SOAK -> {
				properties.put("rate.to", LoadPlan.number(plan.to()));
				properties.put("soak.seconds", Long.toString(plan.loadSeconds()));
			}
			case BULK -> {
				properties.put("bulk.streams.from", LoadPlan.number(Math.round(plan.from())));
				properties.put("bulk.streams.to", LoadPlan.number(Math.round(plan.to())));
				properties.put("rate.steps", Integer.toString(plan.steps()));
				properties.put("bulk.lines", Integer.toString(BULK_LINES));
				// a bulk request streams BULK_LINES orders, 16 at a time: seconds, not
				// milliseconds
				properties.put("gatling.http.requestTimeout", Long.toString(requestTimeoutMs()));
			}
			case OVERLOAD, COLD_START -> {
				// the knee-dependent rates are added per variant
			}
		}
		return properties;
	}

	/** Planned seconds of load for this simulation. */
	long plannedSeconds(LoadPlan plan) {
		return leadSeconds() + switch (this) {
			case SPIKE -> 3 * plan.stepSeconds() + 2;
			case SOAK -> plan.loadSeconds() + plan.rampSeconds();
			case OVERLOAD -> 6 * (plan.stepSeconds() + 1);
			case COLD_START -> plan.stepSeconds();
			default -> plan.loadSeconds();
		};
	}

	static Simulation of(String id) {
		for (Simulation simulation : values()) {
			if (simulation.id().equals(id.strip().toLowerCase(Locale.ROOT))) {
				return simulation;
			}
		}
		throw new IllegalArgumentException(
				"Unknown simulation '" + id + "' (stairs, concurrency, spike, soak, bulk, overload, cold-start)");
	}

}
