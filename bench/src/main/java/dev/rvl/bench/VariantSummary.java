package dev.rvl.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;

import dev.rvl.bench.HarnessCheck.Window;
import dev.rvl.bench.Recording.Row;

/**
 * One variant in the report: its knee, per-step results with the resources they cost, the
 * harness findings, and the per-second series the charts draw.
 *
 * @param id the variant
 * @param description what it is
 * @param error why it could not be measured, or {@code null}
 * @param knee its knee
 * @param steps per step
 * @param limitsHit which limits the variant ran into, in words
 * @param totals counts over the whole load
 * @param peaks peak and mean resource use over the load
 * @param outcomes orders placed during the load by outcome (the app's own counter)
 * @param findings the harness check's findings
 * @param gatlingReport link to Gatling's report, relative to the page
 * @param run start-up, warm-up and shutdown facts
 * @param load per-second load series ({@code t} = seconds since the load started)
 * @param resources per-second resource series ({@code t} likewise)
 * @param profile the flame graphs of one step, or {@code null} when not profiled
 * @param repetition which repetition (1 = the first)
 * @param label the variant, with its repetition when there were several
 * @param search the knee search's probes, in the order they ran
 * @param overload the overload figures (overload simulation), else {@code null}
 * @param coldStart the cold-start figures (cold-start simulation), else {@code null}
 */
record VariantSummary(String id, String description, String error, KneeSummary knee, List<StepRow> steps,
		List<String> limitsHit, Map<String, Long> totals, Map<String, Double> peaks, Map<String, Long> outcomes,
		List<Finding> findings, String gatlingReport, Map<String, String> run, Map<String, List<Double>> load,
		Map<String, List<Double>> resources, ProfileSummary profile, int repetition, String label,
		List<ProbeRow> search, Overload.OverloadSummary overload, Overload.ColdStartSummary coldStart) {

	static VariantSummary of(VariantResult result, BenchOptions options, WorkloadSummary workload, int cores) {
		Variant variant = result.variant();
		Map<String, String> run = run(result);
		String label = (options.repeat() > 1) ? variant.id() + " #" + result.repetition() : variant.id();
		if (!result.measured()) {
			List<Finding> findings = List.of(new Finding(label, "run", Finding.Severity.INVALID, null, null,
					"could not be measured: " + result.error()));
			return new VariantSummary(variant.id(), variant.description(), result.error(), KneeSummary.none(),
					List.of(), List.of(), Map.of(), Map.of(), Map.of(), findings, null, run, Map.of(), Map.of(), null,
					result.repetition(), label, List.of(), null, null);
		}
		Recording recording = result.recording();
		String primary = options.simulation().primaryRequest();
		List<StepStats> stats = StepAggregator.steps(recording, primary);
		boolean againstKnee = options.simulation().needsKnee();
		// beyond the knee every level decides: the harness must have held all of them
		Knee knee = againstKnee
				? new Knee(null, stats.isEmpty() ? null : stats.get(stats.size() - 1), "every level decides")
				: Knee.detect(stats, workload.openModel(), workload.sloP99Ms());
		Map<Integer, Window> windows = windows(recording);
		ResourceSeries resources = ResourceSeries.of(result.samples(), cores, options.isolation());
		Map<Integer, Double> stubP99 = HarnessCheck.stubP99ByStep(result.samples(), windows);
		long loadStart = recording.meta().startEpochMs();
		long loadEnd = recording.rows().stream().mapToLong(Row::epochMs).max().orElse(loadStart) + 1000;
		double coverage = coverage(result.samples(), loadStart, loadEnd, options.remote().enabled());
		List<Finding> findings = new ArrayList<>(
				options.remote()
					.onGeneratorHost(HarnessCheck.check(
							new HarnessCheck.Evidence(label, stats, knee, workload.openModel(), windows, resources,
									stubP99, coverage, options.isolation()),
							options.limits(), cores, workload.partnerLatencyMs())));
		if (result.appExitedDuringLoad() != null) {
			findings.add(0,
					new Finding(label, "app-exit", Finding.Severity.INVALID, null, null,
							"the app exited during the load with " + result.appExitedDuringLoad()
									+ exitMeaning(result.appExitedDuringLoad()) + " (see " + variant.id()
									+ "/app.log)"));
		}
		if (result.gatlingExitCode() != 0) {
			findings.add(0, new Finding(label, "generator-exit", Finding.Severity.INVALID, null, null,
					"Gatling exited with " + result.gatlingExitCode() + " (see " + variant.id() + "/gatling.log)"));
		}
		VariantResult.Instruments instruments = result.instruments();
		List<StepRow> steps = stats.stream().map((step) -> {
			Window window = windows.get(step.step());
			ThreadCpu threads = (window != null) ? ThreadCpu.of(result.samples(), window, instruments.threadNames())
					: null;
			Double gcPause = (window != null) ? instruments.gc().longestMs(window) : null;
			return StepRow.of(step, window, resources, stubP99.get(step.step()), workload, threads, gcPause,
					refusedAfterAdmission(result.samples(), window), listenOverflows(result.samples(), window),
					quotaStopped(result.samples(), window));
		}).toList();
		findings.addAll(AppFindings.of(label, steps, knee));
		List<ProbeRow> search = result.search()
			.stream()
			.map((probe) -> ProbeRow.of(probe, result, resources, workload, options, cores, label, findings))
			.toList();
		run.put("sample coverage", Benchmark.format("%.0f %%", coverage * 100)
				+ (options.remote().enabled() ? " (of the app's /actuator/prometheus)" : ""));
		if (options.remote().enabled()) {
			run.put("remote target", options.remote().note().targets().get(variant.id()));
			run.put("app figures", "from its /actuator/prometheus only (not started here, not read from /proc)");
		}
		Map<String, Long> outcomes = outcomes(result.samples(), loadStart, loadEnd);
		List<String> limits = LimitsHit.describe(statuses(recording), outcomes,
				refusals(result.samples(), loadStart, loadEnd), resources, result.observed(),
				options.app().maxInFlight(), options.simulation().requestTimeoutMs());
		ProfileSummary profile = ProfileSummary.of(instruments, steps, knee, options.profileStep(), windows,
				(instruments.directory() != null) ? instruments.directory().getFileName().toString() : variant.id());
		Double kneeGiven = options.knees().get(variant);
		Overload.OverloadSummary overload = (options.simulation() == Simulation.OVERLOAD)
				? Overload.overload(kneeGiven, stats, recording, primary, workload.sloP99Ms()) : null;
		Overload.ColdStartSummary coldStart = (options.simulation() == Simulation.COLD_START)
				? Overload.coldStart(kneeGiven, recording, primary, workload.sloP99Ms()) : null;
		return new VariantSummary(variant.id(), variant.description(), null,
				againstKnee ? KneeSummary.none() : KneeSummary.of(knee, steps, search), steps, limits,
				totals(recording), peaks(resources, loadStart, loadEnd), outcomes, findings, result.gatlingReport(),
				run, loadSeries(recording, primary), resourceSeries(resources, loadStart), profile, result.repetition(),
				label, search, overload, coldStart);
	}

	/** What an exit code says about who ended the process. */
	static String exitMeaning(int exitCode) {
		return switch (exitCode) {
			case 143 -> " = SIGTERM, which the runner had not sent: something else on the machine stopped it";
			case 137 -> " = SIGKILL (the kernel's OOM killer, or something else on the machine)";
			default -> ": it crashed";
		};
	}

	/** Each step's first second's start to its last second's end. */
	static Map<Integer, Window> windows(Recording recording) {
		Map<Integer, Window> windows = new TreeMap<>();
		for (Row row : recording.rows()) {
			if (row.step() < 0) {
				continue;
			}
			windows.merge(row.step(), new Window(row.epochMs(), row.epochMs() + 1000),
					(a, b) -> new Window(Math.min(a.fromMs(), b.fromMs()), Math.max(a.toMs(), b.toMs())));
		}
		return windows;
	}

	static double coverage(List<Sample> samples, long fromMs, long toMs) {
		return coverage(samples, fromMs, toMs, false);
	}

	/**
	 * @param remote whether the app is known only by its metrics: then a reading counts
	 * when the app's metrics were scraped
	 */
	static double coverage(List<Sample> samples, long fromMs, long toMs, boolean remote) {
		long expected = Math.max(1, (toMs - fromMs) / 1000);
		long taken = samples.stream()
			.filter((sample) -> sample.epochMs() >= fromMs && sample.epochMs() <= toMs)
			.filter((sample) -> !sample.processes().isEmpty())
			.filter((sample) -> !remote || sample.app() != null)
			.count();
		return Math.min(1.0, (double) taken / expected);
	}

	private static Map<String, String> run(VariantResult result) {
		Map<String, String> run = new LinkedHashMap<>();
		if (result.app() != null) {
			run.put("start-up", Benchmark.format("%.1f s to ready", result.app().startup().toMillis() / 1000.0));
		}
		if (result.warmup() != null) {
			run.put("warm-up", result.warmup().ok() + " requests ok, " + result.warmup().failed() + " failed, up to "
					+ result.warmup().reached() + " orders/s");
		}
		if (result.stopped() != null) {
			run.put("shutdown",
					Benchmark.format("%s in %.1f s (exit %d)",
							result.stopped().graceful() ? "graceful (SIGTERM)" : "forced after SIGTERM timed out",
							result.stopped().took().toMillis() / 1000.0, result.stopped().exitCode()));
		}
		if (result.measured()) {
			run.put("Gatling exit code", Integer.toString(result.gatlingExitCode()));
		}
		return run;
	}

	private static Map<String, Long> statuses(Recording recording) {
		Map<String, Long> statuses = new TreeMap<>();
		recording.rows()
			.stream()
			.filter((row) -> Recording.ALL.equals(row.request()))
			.forEach((row) -> row.statuses().forEach((status, count) -> statuses.merge(status, count, Long::sum)));
		return statuses;
	}

	private static Map<String, Long> totals(Recording recording) {
		Map<String, Long> totals = new LinkedHashMap<>();
		List<Row> all = recording.rows().stream().filter((row) -> Recording.ALL.equals(row.request())).toList();
		totals.put("requests", all.stream().mapToLong(Row::requests).sum());
		totals.put("ok", all.stream().mapToLong(Row::ok).sum());
		totals.put("ko", all.stream().mapToLong(Row::ko).sum());
		Map<String, Long> statuses = new TreeMap<>();
		all.forEach((row) -> row.statuses().forEach((status, count) -> statuses.merge(status, count, Long::sum)));
		statuses.forEach((status, count) -> totals.put("status " + status, count));
		return totals;
	}

	private static Map<String, Double> peaks(ResourceSeries resources, long fromMs, long toMs) {
		Map<String, Double> peaks = new LinkedHashMap<>();
		put(peaks, "max app RSS (MiB)", maxWithin(resources, ResourceSeries.MEMORY + Sample.APP, fromMs, toMs));
		put(peaks, "max heap used (MiB)", maxWithin(resources, ResourceSeries.HEAP, fromMs, toMs));
		put(peaks, "max live threads", maxWithin(resources, ResourceSeries.THREADS, fromMs, toMs));
		put(peaks, "max virtual threads mounted or queued",
				maxWithin(resources, ResourceSeries.VIRTUAL_THREADS, fromMs, toMs));
		put(peaks, "max carrier threads", maxWithin(resources, ResourceSeries.CARRIER_THREADS, fromMs, toMs));
		put(peaks, "min admission limit", minWithin(resources, ResourceSeries.ADMISSION_LIMIT, fromMs, toMs));
		put(peaks, "max admission limit", maxWithin(resources, ResourceSeries.ADMISSION_LIMIT, fromMs, toMs));
		put(peaks, "max scheduling lag (ms, at the scrapes)",
				maxWithin(resources, ResourceSeries.SCHEDULING_LAG_MS, fromMs, toMs));
		put(peaks, "mean app CPU (cores)", resources.mean(ResourceSeries.CPU + Sample.APP, fromMs, toMs));
		put(peaks, "max app CPU (cores)", maxWithin(resources, ResourceSeries.CPU + Sample.APP, fromMs, toMs));
		put(peaks, "mean Gatling CPU (cores)", resources.mean(ResourceSeries.CPU + Sample.GATLING, fromMs, toMs));
		put(peaks, "mean PostgreSQL CPU (cores)", resources.mean(ResourceSeries.CPU + Sample.POSTGRES, fromMs, toMs));
		put(peaks, "mean stub CPU (cores)", resources.mean(ResourceSeries.CPU + Sample.STUB, fromMs, toMs));
		put(peaks, "max in flight", maxWithin(resources, ResourceSeries.IN_FLIGHT, fromMs, toMs));
		put(peaks, "max DB pool pending", maxWithin(resources, ResourceSeries.POOL_PENDING, fromMs, toMs));
		put(peaks, "GC pause time (ms/s, mean)", resources.mean(ResourceSeries.GC_PAUSE_MS, fromMs, toMs));
		return peaks;
	}

	private static OptionalDouble maxWithin(ResourceSeries resources, String column, long fromMs, long toMs) {
		List<Double> values = resources.column(column);
		if (values.isEmpty()) {
			return OptionalDouble.empty();
		}
		return resources.indexesWithin(fromMs, toMs)
			.stream()
			.map(values::get)
			.filter(Objects::nonNull)
			.mapToDouble(Double::doubleValue)
			.max();
	}

	private static OptionalDouble minWithin(ResourceSeries resources, String column, long fromMs, long toMs) {
		List<Double> values = resources.column(column);
		if (values.isEmpty()) {
			return OptionalDouble.empty();
		}
		return resources.indexesWithin(fromMs, toMs)
			.stream()
			.map(values::get)
			.filter(Objects::nonNull)
			.mapToDouble(Double::doubleValue)
			.min();
	}

	private static void put(Map<String, Double> peaks, String name, OptionalDouble value) {
		if (value.isPresent()) {
			peaks.put(name, Math.round(value.getAsDouble() * 100) / 100.0);
		}
	}

	/**
	 * The 503s the app gave after admitting an order within a step: the increase of
	 * {@code orders_placed_total{outcome="overloaded"}} over the step's window, or
	 * {@code null} when no sample there carried the app's counter.
	 */
	static Long refusedAfterAdmission(List<Sample> samples, Window window) {
		if (window == null || samples.stream()
			.noneMatch((sample) -> sample.app() != null && sample.epochMs() >= window.fromMs()
					&& sample.epochMs() <= window.toMs())) {
			return null;
		}
		return outcomes(samples, window.fromMs(), window.toMs()).getOrDefault("overloaded", 0L);
	}

	/**
	 * The machine's listen-queue overflows within a step: the increase of the kernel's
	 * counter over the step's window, or {@code null} when no sample there carried it.
	 */
	static Long listenOverflows(List<Sample> samples, Window window) {
		if (window == null) {
			return null;
		}
		List<Double> counts = samples.stream()
			.filter((sample) -> sample.epochMs() >= window.fromMs() - 1000 && sample.epochMs() <= window.toMs())
			.map(Sample::listenOverflows)
			.filter(Objects::nonNull)
			.map(Long::doubleValue)
			.toList();
		return counts.isEmpty() ? null : Math.round(CounterRates.increase(counts));
	}

	/**
	 * The share of a step's time the app's CPU quota stopped it: the increase of
	 * {@link Sample#quotaStoppedMs()} over the step's window divided by its length, or
	 * {@code null} without a quota.
	 */
	static Double quotaStopped(List<Sample> samples, Window window) {
		if (window == null) {
			return null;
		}
		List<Sample> within = samples.stream()
			.filter((sample) -> sample.epochMs() >= window.fromMs() - 1000 && sample.epochMs() <= window.toMs())
			.filter((sample) -> sample.quotaStoppedMs() != null)
			.toList();
		if (within.size() < 2) {
			return null;
		}
		Sample first = within.get(0);
		Sample last = within.get(within.size() - 1);
		long elapsed = last.epochMs() - first.epochMs();
		return (elapsed > 0) ? Math.round(1000.0 * (last.quotaStoppedMs() - first.quotaStoppedMs()) / elapsed) / 1000.0
				: null;
	}

	/** The increase of {@code orders_placed_total} per outcome over the load. */
	static Map<String, Long> outcomes(List<Sample> samples, long fromMs, long toMs) {
		return increases(samples, fromMs, toMs, AppReading::ordersPlaced);
	}

	/**
	 * The increase of {@code orders_admission_refused_total} per reason over the load:
	 * the requests refused at the door.
	 */
	static Map<String, Long> refusals(List<Sample> samples, long fromMs, long toMs) {
		return increases(samples, fromMs, toMs, AppReading::refusedAtAdmission);
	}

	private static Map<String, Long> increases(List<Sample> samples, long fromMs, long toMs,
			Function<AppReading, Map<String, Double>> counter) {
		Map<String, List<Double>> byLabel = new TreeMap<>();
		List<Sample> within = samples.stream()
			.filter((sample) -> sample.epochMs() >= fromMs - 1000 && sample.epochMs() <= toMs + 1000)
			.filter((sample) -> sample.app() != null)
			.toList();
		within.forEach((sample) -> counter.apply(sample.app())
			.keySet()
			.forEach((label) -> byLabel.put(label, new ArrayList<>())));
		for (Sample sample : within) {
			byLabel.forEach((label, values) -> values.add(counter.apply(sample.app()).getOrDefault(label, 0.0)));
		}
		Map<String, Long> increases = new TreeMap<>();
		byLabel.forEach((label, values) -> increases.put(label, Math.round(CounterRates.increase(values))));
		return increases;
	}

	private static Map<String, List<Double>> loadSeries(Recording recording, String primary) {
		Map<Long, Row> all = new TreeMap<>();
		Map<Long, Row> main = new TreeMap<>();
		for (Row row : recording.rows()) {
			if (Recording.ALL.equals(row.request())) {
				all.put(row.elapsed(), row);
			}
			else if (primary.equals(row.request())) {
				main.put(row.elapsed(), row);
			}
		}
		Map<String, List<Double>> series = new LinkedHashMap<>();
		List<Double> t = new ArrayList<>();
		List<Double> offered = new ArrayList<>();
		List<Double> ok = new ArrayList<>();
		List<Double> ko = new ArrayList<>();
		List<Double> errorPct = new ArrayList<>();
		List<Double> primaryOk = new ArrayList<>();
		List<Double> p50 = new ArrayList<>();
		List<Double> p95 = new ArrayList<>();
		List<Double> p99 = new ArrayList<>();
		List<Double> items = new ArrayList<>();
		all.forEach((second, row) -> {
			t.add((double) second);
			offered.add(row.offered());
			ok.add((double) row.ok());
			ko.add((double) row.ko());
			errorPct.add((row.requests() > 0) ? 100.0 * row.ko() / row.requests() : null);
			items.add((double) row.items());
			Row mainRow = main.get(second);
			primaryOk.add((mainRow != null) ? (double) mainRow.ok() : 0.0);
			p50.add((mainRow != null) ? (double) mainRow.p50() : null);
			p95.add((mainRow != null) ? (double) mainRow.p95() : null);
			p99.add((mainRow != null) ? (double) mainRow.p99() : null);
		});
		series.put("t", t);
		series.put("offered", offered);
		series.put("okPerSecond", ok);
		series.put("koPerSecond", ko);
		series.put("errorPct", errorPct);
		series.put("primaryOkPerSecond", primaryOk);
		series.put("itemsPerSecond", items);
		series.put("p50", p50);
		series.put("p95", p95);
		series.put("p99", p99);
		return series;
	}

	private static Map<String, List<Double>> resourceSeries(ResourceSeries resources, long loadStart) {
		Map<String, List<Double>> series = new LinkedHashMap<>();
		series.put("t", resources.epochMs().stream().map((ms) -> Math.round((ms - loadStart) / 100.0) / 10.0).toList());
		resources.columns()
			.forEach((name, values) -> series.put(name,
					values.stream()
						.map((value) -> (value != null) ? Math.round(value * 1000) / 1000.0 : null)
						.toList()));
		return series;
	}

	/**
	 * The knee for the report.
	 *
	 * @param heldOffered highest offered load held, or {@code null}
	 * @param heldStep its step
	 * @param throughput primary requests passed per second there
	 * @param p99Ms the primary request's p99 there
	 * @param firstFailingOffered the offered load of the first failing step, or
	 * {@code null}
	 * @param failure why it failed
	 * @param appCpuMsPerOrder app CPU per passed order at the knee (ms)
	 * @param postgresCpuMsPerOrder PostgreSQL's CPU per passed order at the knee (ms)
	 * @param searchedOffered the highest rate held, stairs and knee search together (the
	 * knee to quote), or {@code null}
	 * @param searchedFailing the lowest rate above it that failed, or {@code null}
	 */
	record KneeSummary(Double heldOffered, Integer heldStep, Double throughput, Long p99Ms, Double firstFailingOffered,
			String failure, Double appCpuMsPerOrder, Double postgresCpuMsPerOrder, Double searchedOffered,
			Double searchedFailing) {

		static KneeSummary none() {
			return new KneeSummary(null, null, null, null, null, null, null, null, null, null);
		}

		/**
		 * Whether the run held every step of its plan (no level failed in the stairs or
		 * the search): its knee lies above the plan, which gives only a lower bound.
		 */
		boolean heldEveryStep() {
			return this.heldOffered != null && this.firstFailingOffered == null && this.searchedFailing == null;
		}

		/**
		 * Whether the run failed the plan's first level: its knee lies below the plan,
		 * unmeasured.
		 */
		boolean heldNoStep() {
			return this.heldOffered == null && this.firstFailingOffered != null;
		}

		static KneeSummary of(Knee knee, List<StepRow> steps) {
			return of(knee, steps, List.of());
		}

		static KneeSummary of(Knee knee, List<StepRow> steps, List<ProbeRow> search) {
			StepStats held = knee.held();
			StepStats failing = knee.firstFailing();
			StepRow atKnee = (held != null)
					? steps.stream().filter((row) -> row.stats().step() == held.step()).findFirst().orElse(null) : null;
			Double searched = (held != null) ? held.offered() : null;
			Double searchedFailing = (failing != null) ? failing.offered() : null;
			for (ProbeRow probe : search) {
				if (probe.held() && (searched == null || probe.offered() > searched)) {
					searched = probe.offered();
				}
				if (!probe.held() && (searchedFailing == null || probe.offered() < searchedFailing)) {
					searchedFailing = probe.offered();
				}
			}
			return new KneeSummary((held != null) ? held.offered() : null, (held != null) ? held.step() : null,
					(held != null) ? held.okPerSecond() : null, (held != null) ? held.p99() : null,
					(failing != null) ? failing.offered() : null, knee.failure(),
					(atKnee != null) ? atKnee.appCpuMsPerOrder() : null,
					(atKnee != null) ? atKnee.postgresCpuMsPerOrder() : null, searched, searchedFailing);
		}

	}

	/**
	 * One probe of the knee search.
	 *
	 * @param offered the rate probed
	 * @param held whether it held
	 * @param failures why not, or {@code null}
	 * @param row its figures, like a step's, or {@code null} if Gatling recorded nothing
	 * @param gatlingReport link to its Gatling report, or {@code null}
	 */
	record ProbeRow(double offered, boolean held, String failures, StepRow row, String gatlingReport) {

		static ProbeRow of(KneeSearch.Probe probe, VariantResult result, ResourceSeries resources,
				WorkloadSummary workload, BenchOptions options, int cores, String label, List<Finding> findings) {
			if (probe.recording() == null) {
				return new ProbeRow(probe.offered(), false, "Gatling recorded nothing", null, null);
			}
			List<StepStats> stats = StepAggregator.steps(probe.recording(), options.simulation().primaryRequest());
			StepStats step = KneeSearch.probedStep(stats).orElse(null);
			if (step == null) {
				return new ProbeRow(probe.offered(), false, "no step recorded at the rate probed", null, null);
			}
			Window window = windows(probe.recording()).get(step.step());
			Map<Integer, Double> stubP99 = HarnessCheck.stubP99ByStep(result.samples(), windows(probe.recording()));
			ThreadCpu threads = (window != null)
					? ThreadCpu.of(result.samples(), window, result.instruments().threadNames()) : null;
			Double gcPause = (window != null) ? result.instruments().gc().longestMs(window) : null;
			StepRow row = StepRow.of(step, window, resources, stubP99.get(step.step()), workload, threads, gcPause,
					refusedAfterAdmission(result.samples(), window), listenOverflows(result.samples(), window),
					quotaStopped(result.samples(), window));
			// a probe decides the knee: the harness must not have limited it either (its
			// lead-in decides nothing, and is not checked)
			Knee decisive = new Knee(null, step, "probe");
			options.remote()
				.onGeneratorHost(HarnessCheck.check(
						new HarnessCheck.Evidence(label, List.of(step), decisive, workload.openModel(),
								windows(probe.recording()), resources, stubP99, 1.0, options.isolation()),
						options.limits(), cores, workload.partnerLatencyMs()))
				.forEach((finding) -> findings.add(new Finding(finding.variant(), "search-" + finding.rule(),
						finding.severity(), null, probe.offered(), "knee search probe: " + finding.message())));
			String report = GatlingRun.report(probe.directory())
				.map((path) -> probe.directory().getParent().getParent().relativize(path).toString())
				.orElse(null);
			return new ProbeRow(probe.offered(), row.held(), row.failures(), row, report);
		}

	}

	/**
	 * The flame graphs of one step, and its CPU by component.
	 *
	 * @param step the step
	 * @param offered its offered load
	 * @param why why this step (the knee, the one asked for, ...)
	 * @param files the flame graphs, relative to the report
	 * @param error why there are none, or {@code null}
	 * @param components the same samples by component, or {@code null} without flame
	 * graphs
	 */
	record ProfileSummary(int step, double offered, String why, List<String> files, String error,
			CpuComponents components) {

		static ProfileSummary of(VariantResult.Instruments instruments, List<StepRow> steps, Knee knee,
				Integer requested, Map<Integer, Window> windows, String variant) {
			if (instruments.profile() == null || steps.isEmpty()) {
				return null;
			}
			StepRow chosen = null;
			String why;
			if (requested != null) {
				chosen = steps.stream().filter((row) -> row.stats().step() == requested).findFirst().orElse(null);
				why = "the step asked for (--profile-step " + requested + ")";
			}
			else if (knee.held() != null) {
				chosen = steps.stream()
					.filter((row) -> row.stats().step() == knee.held().step())
					.findFirst()
					.orElse(null);
				why = "the highest step held (the knee)";
			}
			else {
				chosen = steps.get(0);
				why = "the first step (no step was held)";
			}
			if (chosen == null || windows.get(chosen.stats().step()) == null) {
				return new ProfileSummary(-1, 0, why, List.of(), "no such step", null);
			}
			int step = chosen.stats().step();
			String name = "flame-step" + step;
			try {
				List<String> files = Profiler.flameGraphs(instruments.profile(), windows.get(step),
						instruments.directory(), name,
						variant + " at " + LoadPlan.number(chosen.stats().offered()) + " (step " + step + "): CPU");
				CpuComponents components = files.isEmpty() ? null
						: CpuComponents.of(instruments.profile(), windows.get(step), chosen.appCpuMsPerOrder());
				return new ProfileSummary(step, chosen.stats().offered(), why,
						files.stream().map((file) -> variant + "/" + file).toList(),
						files.isEmpty() ? "the profile was not written (the app did not exit normally)" : null,
						components);
			}
			catch (IOException | RuntimeException ex) {
				return new ProfileSummary(step, chosen.stats().offered(), why, List.of(),
						"could not render: " + ex.getMessage(), null);
			}
		}

	}

}
