package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;

import dev.rvl.testsupport.PrometheusText;

/**
 * One comparison run: the database (migrated once), the stub (shared), then each variant
 * in turn under the same load, one at a time, then the report.
 */
final class Benchmark {

	private static final int STUB_WARMUP_CALLS = 600;

	/** How long the stub's JIT may take to settle before the first variant. */
	private static final Duration STUB_JIT_SETTLE = Duration.ofSeconds(60);

	/** Each round of the stub's JIT check: calls for at least this long. */
	private static final Duration STUB_JIT_WINDOW = Duration.ofSeconds(2);

	private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

	private final BenchOptions options;

	private final Project project;

	private final Progress progress;

	private final ProcFs proc;

	Benchmark(BenchOptions options, Project project, Progress progress) {
		this(options, project, progress, ProcFs.system());
	}

	/**
	 * @param proc where the harness's processes and the machine are read (a test can
	 * watch what is read)
	 */
	Benchmark(BenchOptions options, Project project, Progress progress, ProcFs proc) {
		this.options = options;
		this.project = project;
		this.progress = progress;
		this.proc = proc;
	}

	/** Runs everything and writes the report; returns the summary. */
	Summary run() throws IOException, InterruptedException {
		Path results = this.options.out().resolve(LocalDateTime.now().format(STAMP));
		Files.createDirectories(results);
		this.progress.phase("bench", "results in " + results);
		this.progress.phase("bench", String.join("; ", this.options.describe()) + "; partner latency "
				+ this.options.partnerLatency().toMillis() + " ms; SLO p99 " + this.options.sloP99Ms() + " ms");
		CpuIsolation isolation = this.options.isolation();
		this.progress.phase("bench", "CPU isolation " + isolation.describe());
		if (!isolation.pinToHarness(ProcessHandle.current().pid())) {
			this.progress.phase("bench", "could not move the runner onto the harness's CPUs");
		}
		RemoteTargets remote = this.options.remote();
		if (remote.enabled()) {
			this.progress.phase("bench", "remote targets, started elsewhere: " + remote.note().targets()
					+ "; their figures come from their /actuator/prometheus only");
		}
		else {
			this.progress.phase("stub", "starting with " + this.options.partnerLatency().toMillis() + " ms per call");
		}
		StubProcess stub = remote.enabled() ? StubProcess.remote(remote.stub()) : StubProcess.launch(this.project,
				this.options.partnerLatency(), isolation.harnessLauncher(), results.resolve("stub.log"));
		List<VariantResult> variants = new ArrayList<>();
		try {
			BenchDatabase database = database();
			this.progress.phase("database", "migrating " + database.jdbcUrl());
			database.migrate();
			Map<String, String> databaseSettings = database.settings();
			// with remote targets the database runs with the apps, not here (and in a
			// container its backend's pid would name another process here)
			OptionalLong postmaster = remote.enabled() ? OptionalLong.empty() : database.postmasterPid(this.proc);
			postmaster.ifPresent((pid) -> {
				// the server and its live backends; backends forked later inherit it
				isolation.pinToHarness(pid);
				this.proc.children(pid).forEach(isolation::pinToHarness);
			});
			this.progress.phase("database",
					"PostgreSQL " + databaseSettings.getOrDefault("server_version", "?")
							+ postmaster.stream()
								.mapToObj((pid) -> ", postmaster pid " + pid)
								.findFirst()
								.orElse(", not sampled"));
			stub.awaitReady();
			if (remote.enabled()) {
				checkStubLatency(stub);
			}
			this.progress.phase("stub", "ready at " + stub.baseUrl() + "; warming it up");
			long answered = stub.warmUp(STUB_WARMUP_CALLS, this.options.partnerLatency());
			this.progress.phase("stub", "warm-up: " + answered + " of " + STUB_WARMUP_CALLS + " calls answered");
			OptionalLong stubPid = stub.pid();
			if (stubPid.isPresent()) {
				settleStubJit(stub, stubPid.getAsLong());
			}
			List<List<Variant>> orders = runningOrders(this.options.variants(), this.options.repeat(),
					this.options.seed());
			int total = orders.stream().mapToInt(List::size).sum();
			int done = 0;
			long variantsStarted = System.nanoTime();
			List<MachineSpeed.Reading> speed = new ArrayList<>();
			for (int repetition = 1; repetition <= orders.size(); repetition++) {
				for (Variant variant : orders.get(repetition - 1)) {
					this.progress.phase("bench", format("variant %d of %d: %s%s, about %d min left", done + 1, total,
							variant.id(),
							(orders.size() > 1) ? " (repetition " + repetition + " of " + orders.size() + ")" : "",
							minutesLeft(total - done, done, Duration.ofNanos(System.nanoTime() - variantsStarted),
									estimatedSecondsPerVariant())));
					String directory = (orders.size() > 1) ? variant.id() + "-" + repetition : variant.id();
					measureSpeed("before " + directory, speed);
					variants.add(new VariantRun(this.options, this.project, this.progress, this.proc, database,
							postmaster, stub, results.resolve(directory))
						.run(variant, repetition));
					done++;
				}
			}
			measureSpeed("end", speed);
			stub.stop(Duration.ofSeconds(5));
			this.progress.phase("report", "analysing");
			Summary summary = Summary.of(this.options, variants, databaseSettings, database, stub,
					MachineInfo.read(this.proc, this.options.isolation().cores()), this.progress.elapsed(),
					Provenance.read(this.project, this.options.variants(),
							remote.enabled() ? null : new MachineSpeed(speed)));
			ReportWriter.write(results, summary, this.options.root());
			this.progress.phase("report", results.resolve("index.html") + " (" + summary.verdict() + ")");
			return summary;
		}
		finally {
			stub.stop(Duration.ofSeconds(5));
		}
	}

	/**
	 * The speed of the app's CPUs now ({@link MachineSpeed}), while no app runs; not with
	 * remote targets, whose CPUs are elsewhere. A probe that fails is reported and left
	 * out.
	 */
	private void measureSpeed(String when, List<MachineSpeed.Reading> readings) throws InterruptedException {
		if (this.options.remote().enabled()) {
			return;
		}
		try {
			MachineSpeed.Reading reading = MachineSpeed.measure(when, this.project.java(),
					this.options.isolation().appLauncher());
			readings.add(reading);
			this.progress.phase("machine", format("CPU speed on the app's CPUs %s: %.0f work units per CPU-second",
					when, reading.unitsPerCpuSecond()));
		}
		catch (IOException | RuntimeException ex) {
			this.progress.phase("machine", "CPU speed probe " + when + " failed: " + ex.getMessage());
		}
	}

	/**
	 * A stub the runner did not start must run with the latency the report assumes (the
	 * preset's, or {@code --partner-latency}): the SLO, the ideal latency and the stub
	 * check all build on it.
	 */
	private void checkStubLatency(StubProcess stub) {
		long expected = this.options.partnerLatency().toMillis();
		long measured = stub.probeLatencyMs(this.options.partnerLatency());
		this.progress.phase("stub", "remote stub answers in " + measured + " ms (expected " + expected + " ms)");
		if (measured < 0 || measured < expected * 0.8 - 5 || measured > expected * 2 + 100) {
			throw new IllegalStateException("The stub at " + stub.baseUrl() + " answers a partner call in " + measured
					+ " ms, but the run assumes " + expected + " ms: start it with --stub.latency.fraud=" + expected
					+ "ms --stub.latency.shipping=" + expected + "ms, or give --partner-latency to match it");
		}
	}

	/**
	 * Keeps calling the stub, a second or two at a time, until its JIT compiler threads
	 * use less than {@value VariantRun#JIT_SETTLED_CORES} cores - at most
	 * {@link #STUB_JIT_SETTLE}. The stub shares the harness's CPU with Gatling and
	 * PostgreSQL; compiling while the first variant ran, it once answered 100 ms late for
	 * a moment (its p99 208 ms at 80 orders/s in CI's quick check, a step of 8 s) and the
	 * run was NOT VALID for a harness that had not settled.
	 */
	private void settleStubJit(StubProcess stub, long pid) throws InterruptedException {
		long deadline = System.nanoTime() + STUB_JIT_SETTLE.toNanos();
		double cores = Double.NaN;
		while (System.nanoTime() < deadline) {
			cores = ThreadCpu.jitCoresWhile(this.proc, pid, () -> {
				long started = System.nanoTime();
				do {
					stub.warmUp(STUB_WARMUP_CALLS, this.options.partnerLatency());
				}
				while (System.nanoTime() - started < STUB_JIT_WINDOW.toNanos());
			});
			if (cores < VariantRun.JIT_SETTLED_CORES) {
				this.progress.phase("stub", format("JIT settled (compiler threads %.2f cores)", cores));
				return;
			}
		}
		this.progress.phase("stub",
				format("JIT still compiling after %d s (%.2f cores); going on", STUB_JIT_SETTLE.toSeconds(), cores));
	}

	/**
	 * Each repetition's running order, balanced: the repetitions go in blocks of as many
	 * as there are variants; each block starts from an order shuffled with a generator
	 * seeded from {@code seed} and the block, and its repetitions rotate it, so within a
	 * block every variant runs once in every position - first against a freshly started
	 * stub, last on a machine that has drifted - and none is favoured by its place. A
	 * printed seed reproduces the orders. (Shuffled independently, the three repetitions
	 * of three variants came out in one and the same order for about 2 % of the seeds; a
	 * run of 2026-11-26 did.)
	 */
	static List<List<Variant>> runningOrders(List<Variant> variants, int repeat, long seed) {
		List<List<Variant>> orders = new ArrayList<>();
		List<Variant> block = List.of();
		for (int repetition = 0; repetition < repeat; repetition++) {
			int position = repetition % variants.size();
			if (position == 0) {
				List<Variant> shuffled = new ArrayList<>(variants);
				Collections.shuffle(shuffled, new Random(seed * 31 + repetition / variants.size()));
				block = shuffled;
			}
			List<Variant> order = new ArrayList<>(block);
			Collections.rotate(order, -position);
			orders.add(List.copyOf(order));
		}
		return orders;
	}

	/**
	 * The "about N min left" of the progress line: before the first variant has run, the
	 * plan's estimate; after, the variants that ran - they include what no plan knows,
	 * the JIT settle check's hold (up to three minutes), the start-up and the shutdown,
	 * on this machine. At least a minute: this variant is still to run.
	 * @param left variants still to run, this one included
	 * @param done variants that ran
	 * @param elapsed the time they took
	 * @param estimatedSecondsPerVariant the plan's estimate
	 */
	static long minutesLeft(int left, int done, Duration elapsed, long estimatedSecondsPerVariant) {
		double perVariant = (done > 0) ? elapsed.toMillis() / 1000.0 / done : estimatedSecondsPerVariant;
		return Math.max(1, Math.round(left * perVariant / 60.0));
	}

	/**
	 * AOT cache training, start-up, warm-up, JIT settle check (a typical half minute; up
	 * to three), load, knee search, shutdown: a rough figure for progress.
	 */
	private long estimatedSecondsPerVariant() {
		LoadPlan plan = this.options.plan();
		long search = this.options.search() ? 2L * (plan.stepSeconds() + plan.rampSeconds() + 5) : 0;
		long training = this.options.aotCache() ? AotCache.TRAINING_SECONDS + 45 : 0;
		long jitSettle = (plan.warmupSeconds() > 0) ? 30 : 0;
		return 25 + training + plan.warmupSeconds() + jitSettle + this.options.simulation().plannedSeconds(plan)
				+ search;
	}

	private BenchDatabase database() {
		Optional<BenchOptions.ConfiguredDatabase> configured = this.options.database();
		if (configured.isPresent()) {
			this.progress.phase("database", "using the configured " + configured.get().jdbcUrl());
			return new BenchDatabase(configured.get().jdbcUrl(), configured.get().user(), configured.get().password(),
					false);
		}
		this.progress.phase("database", "starting (or reusing) the local PostgreSQL");
		return BenchDatabase.localServer();
	}

	static String format(String pattern, Object... arguments) {
		return String.format(Locale.ROOT, pattern, arguments);
	}

	static Map<String, String> observed(PrometheusText metrics) {
		Map<String, String> observed = new LinkedHashMap<>();
		metrics.sum("system_cpu_count").ifPresent((value) -> observed.put("CPUs the JVM sees", LoadPlan.number(value)));
		metrics.sum("r2dbc_pool_max_allocated_connections")
			.ifPresent((value) -> observed.put("DB pool max (r2dbc-pool)", LoadPlan.number(value)));
		metrics.sum("hikaricp_connections_max")
			.ifPresent((value) -> observed.put("DB pool max (HikariCP)", LoadPlan.number(value)));
		metrics.sum("jdbc_connections_max")
			.ifPresent((value) -> observed.put("DB pool max (JDBC)", LoadPlan.number(value)));
		metrics.sum("hikaricp_connections_min")
			.ifPresent((value) -> observed.put("DB pool min idle (HikariCP)", LoadPlan.number(value)));
		metrics.sum("tomcat_threads_config_max_threads")
			.ifPresent((value) -> observed.put("Tomcat max threads", LoadPlan.number(value)));
		metrics.sum("tomcat_connections_config_max_connections")
			.ifPresent((value) -> observed.put("Tomcat max connections", LoadPlan.number(value)));
		metrics.named("executor_pool_max_threads")
			.forEach((sample) -> observed.put("executor " + sample.labels().get("name") + " max threads",
					LoadPlan.number(sample.value())));
		metrics.sum("jvm_threads_live_threads")
			.ifPresent((value) -> observed.put("live threads when idle", LoadPlan.number(value)));
		metrics.named("jvm_info")
			.stream()
			.findFirst()
			.ifPresent((sample) -> observed.put("JVM", sample.labels().getOrDefault("vendor", "") + " "
					+ sample.labels().getOrDefault("runtime", "") + " " + sample.labels().getOrDefault("version", "")));
		return observed;
	}

}
