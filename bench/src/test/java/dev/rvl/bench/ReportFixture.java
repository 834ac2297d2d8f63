package dev.rvl.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.rvl.bench.Recording.Row;
import dev.rvl.bench.Recording.SecondKey;
import dev.rvl.testsupport.ChildProcess;
import org.HdrHistogram.Histogram;

/**
 * A made-up but plausible comparison, run through the real analysis: three variants on
 * stairs of 20, 40, 60 and 80 orders/s (5 s each, 100 ms partners); reactive and loom
 * hold everything, platform saturates at 50 orders/s. No benchmark needed.
 */
final class ReportFixture {

	static final long START = 1_800_000_000_000L;

	static final int STEP_SECONDS = 5;

	static final double[] LEVELS = { 20, 40, 60, 80 };

	private ReportFixture() {
	}

	/**
	 * The fixture's summary; {@code gatlingCores} is Gatling's CPU (high makes it
	 * invalid).
	 */
	static Summary summary(double gatlingCores) {
		return summary(gatlingCores, null);
	}

	/** The fixture's summary with a provenance (commit, versions, CPU speed probes). */
	static Summary summary(double gatlingCores, Provenance provenance) {
		return summary(results(gatlingCores), provenance);
	}

	/**
	 * The fixture's summary, Gatling calm, on a VM whose hypervisor stole
	 * {@code stealShare} of the CPU all along.
	 */
	static Summary summaryOnAStolenMachine(double stealShare) {
		return summary(results(0.3, stealShare), null);
	}

	private static Summary summary(List<VariantResult> results, Provenance provenance) {
		BenchOptions options = BenchOptions
			.parse(List.of("--rates", "20:80:4", "--step-seconds", "5", "--ramp-seconds", "0"));
		MachineInfo machine = new MachineInfo(2, Map.of("cores", "2", "JDK", "fixture"));
		BenchDatabase database = new BenchDatabase("jdbc:postgresql://127.0.0.1:5432/bench", "postgres", "postgres",
				true);
		return Summary.of(options, results, Map.of("server_version", "17.11", "max_connections", "300"), database, null,
				machine, Duration.ofSeconds(123), provenance);
	}

	/** The three variants' measurements, before the analysis. */
	static List<VariantResult> results(double gatlingCores) {
		return results(gatlingCores, 0);
	}

	private static List<VariantResult> results(double gatlingCores, double stealShare) {
		return List.of(variant(Variant.REACTIVE, 1000, 0.5, gatlingCores, stealShare),
				variant(Variant.LOOM, 1000, 0.6, gatlingCores, stealShare),
				variant(Variant.PLATFORM, 50, 0.7, gatlingCores, stealShare));
	}

	/**
	 * A variant that serves up to {@code capacity} orders/s at ~110 ms, queueing beyond.
	 */
	private static VariantResult variant(Variant variant, double capacity, double cpuPerHundred, double gatlingCores,
			double stealShare) {
		List<Row> rows = new ArrayList<>();
		Map<SecondKey, Histogram> histograms = new HashMap<>();
		List<Sample> samples = new ArrayList<>();
		int seconds = LEVELS.length * STEP_SECONDS;
		double backlog = 0;
		double ordersPlaced = 0;
		long appTicks = 0;
		long gatlingTicks = 0;
		long total = 0;
		long idle = 0;
		long steal = 0;
		double gcSeconds = 0;
		double stubCount = 0;
		for (int second = -2; second <= seconds; second++) {
			int step = (second >= 0 && second < seconds) ? second / STEP_SECONDS : -1;
			double offered = (step >= 0) ? LEVELS[step] : 0;
			long epochMs = START + second * 1000L;
			if (step >= 0) {
				backlog = Math.max(0, backlog + offered - capacity);
				long latency = 110 + (long) (backlog * 1000 / Math.max(1, capacity)) + (second % 3) * 5;
				int placed = (int) offered;
				int fraud = (second % 5 == 0) ? 1 : 0;
				Histogram place = new Histogram(2);
				for (int i = 0; i < placed; i++) {
					place.recordValue(latency + i % 20);
				}
				Histogram get = new Histogram(2);
				get.recordValueWithCount(4 + second % 2, placed - fraud);
				histograms.put(new SecondKey(second, "place-order"), place);
				histograms.put(new SecondKey(second, "get-order"), get);
				Histogram all = place.copy();
				all.add(get);
				rows.add(row(epochMs, second, step, offered, "get-order", placed - fraud, get,
						Map.of("200", (long) placed - fraud)));
				rows.add(row(epochMs, second, step, offered, "place-order", placed, place,
						Map.of("201", (long) placed - fraud, "422", (long) fraud)));
				rows.add(row(epochMs, second, step, offered, "all", 2L * placed - fraud, all,
						Map.of("200", (long) placed - fraud, "201", (long) placed - fraud, "422", (long) fraud)));
				ordersPlaced += Math.min(offered, capacity);
			}
			double appCores = 0.1 + cpuPerHundred * Math.min(offered, capacity) / 100;
			appTicks += Math.round(appCores * 100);
			gatlingTicks += Math.round(gatlingCores * 100);
			long busy = Math.round((appCores + gatlingCores + 0.2) * 100);
			total += 200;
			idle += 200 - Math.min(200, busy);
			steal += Math.round(stealShare * 200);
			gcSeconds += 0.004;
			stubCount += 2 * offered;
			Map<String, Sample.ProcessReading> processes = new LinkedHashMap<>();
			processes.put(Sample.APP, new Sample.ProcessReading(appTicks, (400L + second) << 20));
			processes.put(Sample.GATLING, new Sample.ProcessReading(gatlingTicks, 700L << 20));
			processes.put(Sample.STUB, new Sample.ProcessReading(second * 10L + 100, 200L << 20));
			processes.put(Sample.POSTGRES, new Sample.ProcessReading(second * 10L + 100, 150L << 20));
			processes.put(Sample.BENCH, new Sample.ProcessReading(second + 100L, 100L << 20));
			double inFlight = Math.min(offered, capacity) * 0.11 + backlog;
			AppReading app = new AppReading((variant == Variant.PLATFORM) ? 20 + Math.min(200, inFlight) : 30.0,
					(120.0 + (second % 7) * 20) * (1 << 20), second * 0.5 + 10, gcSeconds, Math.min(20, offered / 10),
					0.0, inFlight, 0.0, (variant == Variant.PLATFORM) ? Math.min(200, inFlight) : null,
					Map.of("created", ordersPlaced * 0.98, "fraud-rejected", ordersPlaced * 0.02));
			Map<Double, Double> stub = new TreeMap<>(
					Map.of(0.05, 0.0, 0.1118, stubCount, Double.POSITIVE_INFINITY, stubCount));
			// two busy threads share the app's CPU; the JIT is done
			Map<Long, ProcFs.ThreadStat> threads = Map.of(101L,
					new ProcFs.ThreadStat(variant.id() + "-worker-1", appTicks / 2), 102L,
					new ProcFs.ThreadStat(variant.id() + "-worker-2", appTicks - appTicks / 2), 103L,
					new ProcFs.ThreadStat("C2 CompilerThre", 500));
			// the reactive app ran under a CPU quota that stopped it a quarter of each
			// second
			samples.add(new Sample(epochMs + 300, processes, new ProcFs.MachineCpu(total, idle, 0, steal), app, stub,
					threads, Map.of(), null, (variant == Variant.REACTIVE) ? second * 250L : null));
		}
		Recording recording = new Recording(new Recording.Meta("StairsSimulation", "open", "orders/s", START, seconds,
				"20.0>20.0@5#0;40.0>40.0@5#1;60.0>60.0@5#2;80.0>80.0@5#3"), rows, histograms);
		Map<String, String> observed = new LinkedHashMap<>();
		observed.put("DB pool max", "20");
		if (variant == Variant.PLATFORM) {
			observed.put("Tomcat max threads", "200");
		}
		Map<String, String> config = new TreeMap<>(Map.of("server.shutdown", "graceful", "db.pool-size", "20"));
		if (variant != Variant.REACTIVE) {
			config.put("spring.threads.virtual.enabled", (variant == Variant.LOOM) ? "true" : "false");
		}
		return new VariantResult(variant, null, null, new Warmup.Result(160, 0, 20),
				new ChildProcess.Stopped(true, Duration.ofMillis(700), 143), recording, samples, observed, config,
				variant.id() + "/gatling/stairssimulation-1/index.html", 0, null, null, 1, List.of());
	}

	private static Row row(long epochMs, long second, int step, double offered, String request, long ok,
			Histogram latencies, Map<String, Long> statuses) {
		return new Row(epochMs, second, step, offered, request, ok, 0, 0, latencies.getValueAtPercentile(50),
				latencies.getValueAtPercentile(95), latencies.getValueAtPercentile(99), latencies.getMaxValue(),
				statuses);
	}

	/**
	 * The first variant of {@link #summary(double)} run three times under overload: every
	 * target met once, the 503 p99 at 1 x missed twice, the goodput at 4 x once.
	 */
	static Summary overloadRepetitions() {
		Summary fixture = summary(0.3);
		VariantSummary variant = fixture.variants().get(0);
		List<VariantSummary> runs = List.of(overloaded(variant, 1, List.of("503 p99 at 1 x")),
				overloaded(variant, 2, List.of()), overloaded(variant, 3, List.of("503 p99 at 1 x", "goodput at 4 x")));
		return new Summary(fixture.title(), fixture.generatedAt(), fixture.verdict(), fixture.valid(),
				fixture.invalidReasons(), fixture.workload(), runs, fixture.findings(), fixture.settings(),
				fixture.limits(), fixture.wallSeconds(), 3, fixture.seed(), fixture.runningOrder(), fixture.spreads(),
				fixture.comparisons(), fixture.provenance());
	}

	/**
	 * One variant's cold start, three times: within the SLO after 12 s, after 24 s,
	 * never.
	 */
	static Summary coldStartRepetitions() {
		Summary fixture = summary(0.3);
		VariantSummary variant = fixture.variants().get(0);
		List<VariantSummary> runs = List.of(coldStarted(variant, 1, 12L), coldStarted(variant, 2, 24L),
				coldStarted(variant, 3, null));
		return new Summary(fixture.title(), fixture.generatedAt(), fixture.verdict(), fixture.valid(),
				fixture.invalidReasons(), fixture.workload(), runs, fixture.findings(), fixture.settings(),
				fixture.limits(), fixture.wallSeconds(), 3, fixture.seed(), fixture.runningOrder(), fixture.spreads(),
				fixture.comparisons(), fixture.provenance());
	}

	private static VariantSummary coldStarted(VariantSummary v, int repetition, Long secondsToSlo) {
		List<String> missed = (secondsToSlo == null) ? List.of("never settled within the SLO") : (secondsToSlo > 20)
				? List.of("within the SLO after " + secondsToSlo + " s (at most 20 s)") : List.of();
		Overload.ColdStartSummary coldStart = new Overload.ColdStartSummary(560, secondsToSlo, missed,
				missed.isEmpty() ? List.of() : List.of("within the SLO in 20 s"));
		return new VariantSummary(v.id(), v.description(), v.error(), v.knee(), v.steps(), v.limitsHit(), v.totals(),
				v.peaks(), v.outcomes(), v.findings(), v.gatlingReport(), v.run(), v.load(), v.resources(), v.profile(),
				repetition, v.id() + " #" + repetition, v.search(), null, coldStart);
	}

	private static VariantSummary overloaded(VariantSummary v, int repetition, List<String> missedTargets) {
		List<Overload.Level> levels = List.of(new Overload.Level(0.5, 50, 50, 0.5, 120, 0, 0, 0),
				new Overload.Level(1, 100, 100, 1.0, 200, 1, 150, 0));
		Overload.OverloadSummary overload = new Overload.OverloadSummary(100, levels, 0L, missedTargets, missedTargets);
		return new VariantSummary(v.id(), v.description(), v.error(), v.knee(), v.steps(), v.limitsHit(), v.totals(),
				v.peaks(), v.outcomes(), v.findings(), v.gatlingReport(), v.run(), v.load(), v.resources(), v.profile(),
				repetition, v.id() + " #" + repetition, v.search(), overload, null);
	}

}
