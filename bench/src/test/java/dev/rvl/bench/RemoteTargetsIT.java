package dev.rvl.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import dev.rvl.localdb.LocalPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The remote mode end to end, as CI runs it ({@code ./mvnw verify}, failsafe): the stub
 * and the two apps started from their packaged jars on loopback addresses of their own
 * (127.0.0.2 reactive, 127.0.0.3 loom, 127.0.0.5 the stub; Linux routes all of 127/8 to
 * lo), as stand-ins for other hosts; then the runner with {@code --target} against them,
 * at a low rate (10 and 20 orders/s, 5 s each), with a {@link ProcFs} that records every
 * process it is asked about. The platform variant, the Loom app's jar under another
 * profile with the same metrics, is left out: it cost 44 of the test's 135 s
 * (2026-11-30).
 * <p>
 * It asserts that the report was written, that the apps' figures came from Prometheus
 * (app CPU present, RSS and per-thread CPU absent, the "unavailable remotely" note), that
 * no app's or the stub's process id was ever read from {@code /proc}, that the runner
 * left the apps running (it holds no process of theirs, so it cannot have stopped them),
 * and that the verdict is not FAILED. It does not insist on VALID: on a shared 2-core
 * machine the apps, the stub, PostgreSQL and Gatling share the CPUs, and the harness
 * check may rightly find Gatling late or the stub slow when something else runs (a build,
 * another benchmark). Such a run must come out NOT VALID for a harness reason, never
 * FAILED, which is what the test checks; {@code bench/quick-check.sh} holds the local
 * path to VALID.
 */
class RemoteTargetsIT {

	/** The harness's own rules: a NOT VALID verdict may only come from these. */
	private static final Set<String> HARNESS_RULES = Set.of("generator-rate", "generator-lag", "generator-cpu",
			"stub-latency", "samples", "search-generator-rate", "search-generator-lag");

	private static final Map<Variant, String> ADDRESSES = Map.of(Variant.REACTIVE, "127.0.0.2", Variant.LOOM,
			"127.0.0.3");

	private static final String STUB_ADDRESS = "127.0.0.5";

	/** Its own database on the local PostgreSQL, never the runner's {@code bench}. */
	private static final String DATABASE = "bench_remote_it";

	@Test
	void drivesAppsItDidNotStartWithTheirFiguresFromPrometheusAndNoProcReadOfThem(@TempDir Path work) throws Exception {
		long started = System.nanoTime();
		Project project = Project.at(Path.of("").toAbsolutePath().getParent());
		LocalPostgres.Server server = LocalPostgres.ensureRunning();
		LocalPostgres.createDatabase(DATABASE);
		BenchDatabase database = new BenchDatabase(server.jdbcUrl(DATABASE).replace("//localhost:", "//127.0.0.1:"),
				LocalPostgres.USER, LocalPostgres.PASSWORD, true);
		database.migrate();
		// the apps as someone else would run them: same settings as the runner's, a
		// smaller heap, no instruments, no CPU pinning
		AppSettings settings = BenchOptions
			.parse(List.of("--isolation", "none", "--app-nice", "0", "--jvm-opts", "-Xms256m -Xmx256m -XX:+UseG1GC"))
			.app();
		StubProcess stub = StubProcess.launch(project, Duration.ofMillis(100), List.of(), work.resolve("stub.log"),
				STUB_ADDRESS);
		Map<Variant, AppProcess> apps = new ConcurrentHashMap<>();
		try {
			stub.awaitReady();
			try (ExecutorService starting = Executors.newVirtualThreadPerTaskExecutor()) {
				List<Future<AppProcess>> futures = new ArrayList<>();
				for (Variant variant : ADDRESSES.keySet()) {
					futures.add(starting.submit(() -> apps.put(variant,
							AppProcess.start(project, variant, settings, CpuIsolation.none(List.of()), List.of(),
									database, stub.baseUrl(), work.resolve(variant.id() + ".log"),
									ADDRESSES.get(variant)))));
				}
				for (Future<AppProcess> future : futures) {
					future.get();
				}
			}
			System.out.printf("remote IT: stub and apps ready after %d s%n",
					Duration.ofNanos(System.nanoTime() - started).toSeconds());

			List<String> arguments = new ArrayList<>(List.of("--root", project.root().toString(), "--out",
					work.resolve("results").toString(), "--stub-url", stub.baseUrl().toString(), "--jdbc-url",
					database.jdbcUrl(), "--db-user", database.user(), "--db-password", database.password(), "--rates",
					"10:20:2", "--step-seconds", "5", "--ramp-seconds", "0", "--warmup-seconds", "5", "--no-search",
					"--seed", "14"));
			apps.forEach((variant, app) -> arguments.addAll(List.of("--target", variant.id() + "=" + app.baseUrl(),
					"--target-actuator", variant.id() + "=" + app.managementUrl())));
			WatchedProcFs proc = new WatchedProcFs();

			Summary summary = new Benchmark(BenchOptions.parse(arguments), project, new Progress(System.out), proc)
				.run();

			System.out.printf("remote IT: verdict %s after %d s%n%s%n", summary.verdict(),
					Duration.ofNanos(System.nanoTime() - started).toSeconds(),
					String.join("\n", summary.invalidReasons()));
			Path report = onlyResultsDirectory(work.resolve("results"));
			assertThat(report.resolve("index.html")).isRegularFile();
			assertThat(report.resolve("summary.json")).isRegularFile();
			assertThat(Files.readString(report.resolve("summary.md"))).contains("## Remote targets",
					"Unavailable remotely", "per-thread CPU", "RSS");
			assertThat(Files.readString(report.resolve("summary.json"))).contains("\"remote\"", "\"unavailable\"",
					"process_cpu_time_ns_total");

			assertThat(summary.verdict()).as("verdict").isNotEqualTo(Summary.FAILED);
			assertThat(summary.exitCode()).isIn(0, 1);
			assertThat(summary.findings()
				.stream()
				.filter((finding) -> finding.severity() == Finding.Severity.INVALID)
				.map(Finding::rule)).as("a NOT VALID verdict only for a harness reason").isSubsetOf(HARNESS_RULES);
			assertThat(summary.workload().remote()).isNotNull();
			assertThat(summary.workload().remote().unavailable()).isEqualTo(RemoteTargets.UNAVAILABLE);
			assertThat(summary.variants()).extracting(VariantSummary::id).containsExactlyInAnyOrder("reactive", "loom");
			for (VariantSummary variant : summary.variants()) {
				assertThat(variant.error()).as(variant.id()).isNull();
				assertThat(variant.resources().get("cpu.app").stream().filter(Objects::nonNull))
					.as(variant.id() + ": app CPU from its metrics")
					.hasSizeGreaterThan(5)
					.anyMatch((cores) -> cores > 0);
				assertThat(variant.resources().get("memoryMb.app")).as(variant.id() + ": no RSS").containsOnlyNulls();
				assertThat(variant.resources().get("heapMb").stream().filter(Objects::nonNull)).hasSizeGreaterThan(5);
				assertThat(variant.peaks()).containsKey("mean app CPU (cores)").doesNotContainKey("max app RSS (MiB)");
				assertThat(variant.steps()).hasSize(2).allSatisfy((step) -> {
					assertThat(step.appCpu()).as("app CPU of step " + step.stats().step()).isNotNull();
					assertThat(step.threadCpu()).as("no per-thread CPU").isNull();
				});
				assertThat(variant.run()).containsKey("remote target").doesNotContainKey("start-up");
			}
			assertThat(summary.variants()).filteredOn((variant) -> variant.id().equals("loom"))
				.singleElement()
				.satisfies((loom) -> assertThat(loom.resources().get("virtualThreads"))
					.as("virtual threads from jvm_threads_virtual_*")
					.anyMatch(Objects::nonNull));

			Set<Long> untouchable = new java.util.HashSet<>();
			apps.values().forEach((app) -> untouchable.add(app.process().pid()));
			stub.pid().ifPresent(untouchable::add);
			assertThat(proc.asked).as("pids read from /proc").contains(ProcessHandle.current().pid());
			assertThat(proc.asked).as("no app's and not the stub's pid read from /proc")
				.doesNotContainAnyElementsOf(untouchable);
			assertThat(apps.values()).as("the runner stopped none of the apps")
				.allSatisfy((app) -> assertThat(app.process().isAlive()).isTrue());
			assertThat(Duration.ofNanos(System.nanoTime() - started)).as("wall time").isLessThan(Duration.ofMinutes(6));
		}
		finally {
			for (AppProcess app : apps.values()) {
				app.process().stop(Duration.ofSeconds(20));
			}
			stub.stop(Duration.ofSeconds(10));
		}
	}

	private static Path onlyResultsDirectory(Path results) throws IOException {
		try (Stream<Path> runs = Files.list(results)) {
			List<Path> all = runs.toList();
			assertThat(all).hasSize(1);
			return all.get(0);
		}
	}

	/** The machine's {@code /proc}, recording which process ids it was asked about. */
	private static final class WatchedProcFs extends ProcFs {

		final Set<Long> asked = ConcurrentHashMap.newKeySet();

		WatchedProcFs() {
			super(Path.of("/proc"));
		}

		@Override
		Optional<ProcessStat> process(long pid) {
			this.asked.add(pid);
			return super.process(pid);
		}

		@Override
		OptionalLong pssBytes(long pid) {
			this.asked.add(pid);
			return super.pssBytes(pid);
		}

		@Override
		OptionalLong parentOf(long pid) {
			this.asked.add(pid);
			return super.parentOf(pid);
		}

		@Override
		boolean isPostgres(long pid) {
			this.asked.add(pid);
			return super.isPostgres(pid);
		}

		@Override
		List<Long> children(long parent) {
			this.asked.add(parent);
			return super.children(parent);
		}

		@Override
		Map<Long, ThreadStat> threads(long pid) {
			this.asked.add(pid);
			return super.threads(pid);
		}

	}

}
