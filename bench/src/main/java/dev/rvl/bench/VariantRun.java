package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import dev.rvl.testsupport.ChildProcess;
import dev.rvl.testsupport.PrometheusText;

/**
 * One variant, start to finish: reset the database, start the app, wait for readiness,
 * warm up, run Gatling while sampling once a second, stop the app gracefully.
 */
final class VariantRun {

	private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

	private static final Duration SETTLE = Duration.ofSeconds(30);

	/**
	 * How long the JIT settle check may hold the first level. 60 s was not enough for the
	 * reactive app under a 0.4-core quota (its compiler threads still used 0.06-0.07
	 * cores at the end of all three repetitions; the Loom app's settled in 25-45 s).
	 */
	private static final Duration JIT_SETTLE = Duration.ofSeconds(180);

	/**
	 * The same for {@code --quick}, CI's check that the comparison runs and its harness
	 * holds, whose figures are never published: one 5 s check. Its three holds took 191 s
	 * of CI's 529 s quick run on 2026-11-29 (reactive 77, Loom 67, platform 47 s, behind
	 * a 20 s warm-up); capped at 30 s, five of six holds in two CI runs went the whole 30
	 * s and the steps after them still had the compiler at 0.13-0.41 cores. The app runs
	 * on CPUs of its own, so its compiler takes nothing from the harness; a JIT still
	 * compiling is reported per step ({@code jit-not-settled}) either way.
	 */
	private static final Duration QUICK_JIT_SETTLE = Duration.ofSeconds(5);

	static final double JIT_SETTLED_CORES = 0.05;

	private final BenchOptions options;

	private final Project project;

	private final Progress progress;

	private final ProcFs proc;

	private final BenchDatabase database;

	private final OptionalLong postmaster;

	private final StubProcess stub;

	private final Path directory;

	VariantRun(BenchOptions options, Project project, Progress progress, ProcFs proc, BenchDatabase database,
			OptionalLong postmaster, StubProcess stub, Path directory) {
		this.options = options;
		this.project = project;
		this.progress = progress;
		this.proc = proc;
		this.database = database;
		this.postmaster = postmaster;
		this.stub = stub;
		this.directory = directory;
	}

	VariantResult run(Variant variant, int repetition) throws InterruptedException {
		String id = variant.id();
		Map<String, String> config = Map.of();
		RemoteTargets remote = this.options.remote();
		Target app = null;
		Sampler sampler = null;
		try {
			Files.createDirectories(this.directory);
			// a remote app may be another build than the jars here: its configuration is
			// not read from them
			config = remote.enabled() ? Map.of()
					: AppConfig.read(this.project.appJar(variant.module()), variant.profile());
			LoadPlan plan = this.options.plan();
			Double knee = this.options.knees().get(variant);
			AotCache.Trained aot = (this.options.aotCache() && !remote.enabled()) ? trainAotCache(variant, knee) : null;
			this.progress.phase(id, "resetting the database to the seed");
			this.database.resetToSeed();
			this.stub.resetFaults();
			if (!remote.enabled()) {
				this.progress.phase(id, "starting " + this.project.appJar(variant.module()).getFileName()
						+ (variant.profile() != null ? " (profile " + variant.profile() + ")" : ""));
			}
			Path profile = this.directory.resolve("profile.jfr");
			List<String> instrumentation = new ArrayList<>(List.of(GcLog.flag(this.directory.resolve("gc.log"))));
			Optional<Path> agent = (this.options.profile() && !remote.enabled()) ? Profiler.agent() : Optional.empty();
			agent.ifPresent((library) -> instrumentation.add(Profiler.flag(library, profile)));
			if (this.options.profile() && agent.isEmpty()) {
				this.progress.phase(id, "async-profiler has no build for this machine: no flame graphs");
			}
			if (aot != null) {
				instrumentation.addAll(aot.flags());
			}
			app = remote.enabled() ? remote.target(variant).awaitReady()
					: new LocalTarget(AppProcess.start(this.project.java(),
							(aot != null) ? aot.jar() : this.project.appJar(variant.module()), variant,
							this.options.app(), this.options.isolation(), instrumentation, this.database,
							this.stub.baseUrl(), this.directory.resolve("app.log"), "127.0.0.1"));
			this.progress.phase(id, app.describe());
			Map<String, String> observed = Http.get(app.metrics(), Duration.ofSeconds(5))
				.map(PrometheusText::parse)
				.map(Benchmark::observed)
				.orElse(Map.of());
			Warmup.Result warmup = new Warmup.Result(0, 0, 0);
			if (plan.warmupSeconds() > 0) {
				double from = warmupFrom(knee);
				double peak = warmupPeak(knee);
				this.progress.phase(id, Benchmark.format("warming up: %s -> %s -> %s orders/s over %d s (not measured)",
						LoadPlan.number(from), LoadPlan.number(peak), LoadPlan.number(from), plan.warmupSeconds()));
				warmup = Warmup.run(app.baseUrl(), idealLatency(), from, peak,
						Duration.ofSeconds(plan.warmupSeconds()));
				this.progress.phase(id, "warm-up: " + warmup.ok() + " ok, " + warmup.failed() + " failed, up to "
						+ warmup.reached() + " orders/s");
				if (app instanceof LocalTarget local) {
					settleJit(id, local, from);
				}
				settle(id, app, "the warm-up's work");
			}
			sampler = app.sampler(this.proc, this.stub, this.postmaster);
			if (app instanceof LocalTarget) {
				sampler.watchQuota(this.options.app().cpuQuota());
			}
			sampler.start();
			Simulation simulation = this.options.simulation();
			long planned = simulation.plannedSeconds(plan);
			this.progress.phase(id, Benchmark.format("load: %s, %s, %d s planned", simulation.id(), plan, planned));
			ChildProcess gatling = GatlingRun.start(this.project, this.options.isolation().harnessLauncher(),
					simulation, app.baseUrl(),
					gatlingProperties(simulation.properties(plan, this.options.sloP99Ms(), knee)), this.directory,
					id + " - " + this.options.workload().id(), loadHosts());
			sampler.watchGatling(gatling.pid());
			int exit = awaitGatling(id, gatling, sampler, planned);
			List<KneeSearch.Probe> search = search(id, app, sampler);
			sampler.close();
			Map<Long, String> threadNames = app.threadNames(this.project);
			Integer exitedDuringLoad = app.exitedDuringLoad();
			if (exitedDuringLoad != null) {
				this.progress.phase(id, "the app EXITED during the load (exit code " + exitedDuringLoad + ")");
			}
			ChildProcess.Stopped stopped = null;
			if (app.local() != null) {
				this.progress.phase(id, "stopping the app (SIGTERM)");
				stopped = app.stop(Duration.ofSeconds(30));
				this.progress.phase(id, Benchmark.format("stopped %s in %.1f s",
						stopped.graceful() ? "gracefully" : "by force", stopped.took().toMillis() / 1000.0));
			}
			Path csv = GatlingRun.timeseries(this.directory);
			if (!Files.exists(csv)) {
				return VariantResult.failed(variant,
						"Gatling wrote no time series (exit " + exit + "):\n" + gatling.tail(30), app.local(),
						sampler.samples(), config, repetition);
			}
			String report = GatlingRun.report(this.directory)
				.map((path) -> this.directory.getParent().relativize(path).toString())
				.orElse(null);
			VariantResult.Instruments instruments = new VariantResult.Instruments(threadNames,
					GcLog.read(this.directory.resolve("gc.log")), agent.isPresent() ? profile : null, this.directory);
			return new VariantResult(variant, null, app.local(), warmup, stopped, Recording.read(csv),
					sampler.samples(), observed, config, report, exit, exitedDuringLoad, instruments, repetition,
					search);
		}
		catch (Exception ex) {
			if (ex instanceof InterruptedException interrupted) {
				throw interrupted;
			}
			this.progress.phase(id, "FAILED: " + ex.getMessage());
			if (sampler != null) {
				sampler.close();
			}
			if (app != null) {
				app.stop(Duration.ofSeconds(10));
			}
			return VariantResult.failed(variant, String.valueOf(ex.getMessage()), (app != null) ? app.local() : null,
					(sampler != null) ? sampler.samples() : List.of(), config, repetition);
		}
	}

	/**
	 * Against a knee the warm-up goes from half of it to it; else from the plan's first
	 * level to its top.
	 */
	private double warmupFrom(Double knee) {
		return (knee != null) ? Math.max(1, knee / 2) : this.options.plan().warmupRate();
	}

	private double warmupPeak(Double knee) {
		return (knee != null) ? knee : this.options.plan().warmupPeak(this.options.simulation().openModel());
	}

	/**
	 * What a warm-up order takes with no queueing: how many of them a healthy app holds.
	 */
	private Duration idealLatency() {
		return Duration.ofMillis(this.options.idealLatencyMs());
	}

	/**
	 * A training run for the variant's AOT cache ({@link AotCache}), under the warm-up's
	 * load and the run's own settings except a CPU quota: the quota makes a small
	 * machine's knees measurable and is no part of a deployment, and a starved training
	 * run records mostly refusals (under 0.4 cores the reactive app served 4,469 orders
	 * and refused 8,986); its log is {@code aot-training.log}.
	 */
	private AotCache.Trained trainAotCache(Variant variant, Double knee)
			throws IOException, InterruptedException, SQLException {
		String id = variant.id();
		Path bootJar = this.project.appJar(variant.module());
		this.progress.phase(id, "AOT cache: extracting " + bootJar.getFileName());
		Path jar = AotCache.extract(this.project.java(), bootJar, this.directory.resolve("aot-extract.log"));
		Path cache = jar.resolveSibling(id + ".aot");
		this.database.resetToSeed();
		this.stub.resetFaults();
		this.progress.phase(id,
				Benchmark.format("AOT cache: training run, %s -> %s -> %s orders/s for %d s",
						LoadPlan.number(warmupFrom(knee)), LoadPlan.number(warmupPeak(knee)),
						LoadPlan.number(warmupFrom(knee)), AotCache.TRAINING_SECONDS));
		AotCache.Trained trained = AotCache.train(jar, cache,
				() -> AppProcess.start(this.project.java(), jar, variant, this.options.app().withoutCpuQuota(),
						this.options.isolation(), List.of(AotCache.outputFlag(cache)), this.database,
						this.stub.baseUrl(), this.directory.resolve("aot-training.log"), "127.0.0.1"),
				idealLatency(), warmupFrom(knee), warmupPeak(knee), Duration.ofSeconds(AotCache.TRAINING_SECONDS));
		this.progress.phase(id, trained.describe());
		return trained;
	}

	/**
	 * Keeps a light load (the warm-up's first level) on the app, five seconds at a time,
	 * until its JIT compiler threads use less than {@value #JIT_SETTLED_CORES} cores and
	 * it answered every request of those five seconds as expected - at most
	 * {@link #JIT_SETTLE} longer ({@link #QUICK_JIT_SETTLE} in a quick run). An app whose
	 * compiler still works when the measurement starts spends part of its CPU on
	 * compiling (the report warns of it per step); on a CPU quota that part is taken from
	 * the requests. An app that still refuses orders at the first level has an adaptive
	 * limit the warm-up's cold climb left below it, which it learns back only at the pace
	 * of its answers (behind 3 s partners 11-14 s from the floor of 20 to the 60 orders
	 * in flight that 20 orders/s need).
	 */
	private void settleJit(String id, LocalTarget app, double rate) throws InterruptedException {
		long pid = app.app().process().pid();
		Duration limit = this.options.quick() ? QUICK_JIT_SETTLE : JIT_SETTLE;
		long deadline = System.nanoTime() + limit.toNanos();
		boolean more = true;
		while (more) {
			Warmup.Result[] held = new Warmup.Result[1];
			double cores = ThreadCpu.jitCoresWhile(this.proc, pid,
					() -> held[0] = Warmup.hold(app.baseUrl(), idealLatency(), rate, Duration.ofSeconds(5)));
			if (cores < JIT_SETTLED_CORES && held[0].failed() == 0) {
				this.progress.phase(id, Benchmark.format("JIT settled (compiler threads %.2f cores)", cores));
				return;
			}
			more = System.nanoTime() < deadline;
			String next = more ? Benchmark.format("5 s more at %s orders/s", LoadPlan.number(rate))
					: Benchmark.format("going on after %d s", limit.toSeconds());
			this.progress.phase(id,
					(cores >= JIT_SETTLED_CORES) ? Benchmark.format("JIT still compiling (%.2f cores): %s", cores, next)
							: Benchmark.format("%d of %d requests not answered as expected: %s", held[0].failed(),
									held[0].ok() + held[0].failed(), next));
		}
	}

	/**
	 * Bisects between the last level the stairs held and the first that failed
	 * ({@link KneeSearch}), with the sampler still running; nothing when the stairs held
	 * every level, failed at the first, or the run is quick or not stairs.
	 */
	private List<KneeSearch.Probe> search(String id, Target app, Sampler sampler)
			throws InterruptedException, java.io.IOException {
		Path csv = GatlingRun.timeseries(this.directory);
		if (!this.options.search() || this.options.simulation() != Simulation.STAIRS || !Files.exists(csv)) {
			return List.of();
		}
		Knee knee = Knee.detect(StepAggregator.steps(Recording.read(csv), Simulation.STAIRS.primaryRequest()), true,
				this.options.sloP99Ms());
		if (knee.held() == null || knee.firstFailing() == null) {
			return List.of();
		}
		double held = knee.held().offered();
		double failing = knee.firstFailing().offered();
		List<KneeSearch.Probe> probes = new ArrayList<>();
		LoadPlan plan = this.options.plan();
		for (OptionalDouble next = KneeSearch.next(held, failing); next.isPresent()
				&& probes.size() < KneeSearch.MAX_PROBES; next = KneeSearch.next(held, failing)) {
			double rate = next.getAsDouble();
			settle(id, app, probes.isEmpty() ? "the stairs' orders" : "the last probe's orders");
			Path probeDirectory = this.directory.resolve("search-" + (probes.size() + 1));
			LoadPlan probePlan = KneeSearch.probePlan(plan, rate);
			this.progress.phase(id, Benchmark.format("knee search: probing %s orders/s (held %s, failed %s)",
					LoadPlan.number(rate), LoadPlan.number(held), LoadPlan.number(failing)));
			ChildProcess gatling = GatlingRun.start(this.project, this.options.isolation().harnessLauncher(),
					Simulation.STAIRS, app.baseUrl(),
					gatlingProperties(Simulation.STAIRS.properties(probePlan, this.options.sloP99Ms())), probeDirectory,
					id + " - knee search at " + LoadPlan.number(rate), loadHosts());
			sampler.watchGatling(gatling.pid());
			awaitGatling(id, gatling, sampler, Simulation.STAIRS.plannedSeconds(probePlan));
			Path probeCsv = GatlingRun.timeseries(probeDirectory);
			if (!Files.exists(probeCsv)) {
				probes.add(new KneeSearch.Probe(rate, probeDirectory, null, false));
				break;
			}
			Recording recording = Recording.read(probeCsv);
			List<StepStats> steps = StepAggregator.steps(recording, Simulation.STAIRS.primaryRequest());
			boolean ok = KneeSearch.probedStep(steps)
				.map((step) -> Knee.failures(step, true, this.options.sloP99Ms()).isEmpty())
				.orElse(false);
			probes.add(new KneeSearch.Probe(rate, probeDirectory, recording, ok));
			this.progress.phase(id, "knee search: " + LoadPlan.number(rate) + " orders/s " + (ok ? "held" : "failed"));
			if (ok) {
				held = rate;
			}
			else {
				failing = rate;
			}
		}
		return probes;
	}

	/**
	 * Waits (up to {@link #SETTLE}) until the app has finished the work of the load
	 * before, so the measurement does not start behind a backlog.
	 * @param before what load came before, for the message when the app is still busy
	 */
	private void settle(String id, Target app, String before) throws InterruptedException {
		long deadline = System.nanoTime() + SETTLE.toNanos();
		while (System.nanoTime() < deadline) {
			OptionalDouble inFlight = Http.get(app.metrics(), Duration.ofSeconds(2))
				.map(PrometheusText::parse)
				.map((metrics) -> metrics.sum("orders_in_flight"))
				.orElse(OptionalDouble.empty());
			if (inFlight.isPresent() && inFlight.getAsDouble() < 1) {
				return;
			}
			Thread.sleep(500);
		}
		this.progress.phase(id, "still busy with " + before + " after " + SETTLE.toSeconds() + " s; measuring anyway");
	}

	/** The simulation's properties and how its users connect. */
	private Map<String, String> gatlingProperties(Map<String, String> simulation) {
		Map<String, String> properties = new LinkedHashMap<>(simulation);
		properties.put("connections", this.options.connections().id());
		return properties;
	}

	/** Where load may go: 127.0.0.1, or the hosts named with {@code --target}. */
	private java.util.Set<String> loadHosts() {
		return this.options.remote().enabled() ? this.options.remote().hosts() : java.util.Set.of("127.0.0.1");
	}

	private int awaitGatling(String id, ChildProcess gatling, Sampler sampler, long planned)
			throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(planned + 90).toNanos();
		long started = System.nanoTime();
		while (System.nanoTime() < deadline) {
			int exit = gatling.waitFor(PROGRESS_EVERY);
			if (exit >= 0) {
				this.progress.phase(id, "load done (Gatling exit " + exit + ")");
				return exit;
			}
			long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();
			this.progress.phase(id, Benchmark.format("t=%3d/%d s  %s", seconds, planned, status(sampler)));
		}
		this.progress.phase(id, "Gatling overran its deadline: stopping it");
		gatling.stop(Duration.ofSeconds(10));
		return -1;
	}

	/** A one-line view of the last second: what the app did and what it cost. */
	private String status(Sampler sampler) {
		List<Sample> latest = sampler.latest(6);
		if (latest.size() < 2) {
			return "sampling...";
		}
		ResourceSeries series = ResourceSeries.of(latest, this.options.isolation().cores());
		long from = latest.get(1).epochMs();
		long to = latest.get(latest.size() - 1).epochMs();
		return Benchmark.format(
				"orders %s/s  in-flight %s  pool %s/%s  cpu app %s gatling %s pg %s stub %s  heap %s MB  rss %s MB  threads %s",
				fmt(series.mean(ResourceSeries.ORDERS, from, to), "%.0f"),
				fmt(series.mean(ResourceSeries.IN_FLIGHT, from, to), "%.0f"),
				fmt(series.mean(ResourceSeries.POOL_ACTIVE, from, to), "%.0f"),
				fmt(series.mean(ResourceSeries.POOL_PENDING, from, to), "%.0f"),
				fmt(series.mean(ResourceSeries.CPU + Sample.APP, from, to), "%.2f"),
				fmt(series.mean(ResourceSeries.CPU + Sample.GATLING, from, to), "%.2f"),
				fmt(series.mean(ResourceSeries.CPU + Sample.POSTGRES, from, to), "%.2f"),
				fmt(series.mean(ResourceSeries.CPU + Sample.STUB, from, to), "%.2f"),
				fmt(series.mean(ResourceSeries.HEAP, from, to), "%.0f"),
				fmt(series.mean(ResourceSeries.MEMORY + Sample.APP, from, to), "%.0f"),
				fmt(series.mean(ResourceSeries.THREADS, from, to), "%.0f"));
	}

	private static String fmt(OptionalDouble value, String pattern) {
		return value.isPresent() ? Benchmark.format(pattern, value.getAsDouble()) : "-";
	}

}
