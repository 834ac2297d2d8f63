package dev.rvl.bench;

import java.util.List;
import java.util.Map;

import dev.rvl.bench.HarnessCheck.Window;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runner's instruments inside the app, on fixed text: thread names from
 * {@code jcmd Thread.print}, per-thread CPU from {@code /proc}, GC pauses from the GC
 * log.
 */
class InstrumentsTests {

	@Test
	void readsAThreadsKernelNameAndCpuTicks() {
		ProcFs.ThreadStat thread = ProcFs.parseThread("5702 (r2dbc-pg-epoll-) S 5658 5658 31978 0 -1 4194368 "
				+ "10 0 0 0 3000 872 0 0 20 0 45 0 1000 3133440 412 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 -1 1 0");

		assertThat(thread.name()).isEqualTo("r2dbc-pg-epoll-");
		assertThat(thread.cpuTicks()).isEqualTo(3872);
	}

	@Test
	void mapsOsThreadIdsToFullNamesFromAThreadDump() {
		Map<Long, String> names = ThreadNames.parse(List.of("2026-11-23 08:40:00", "Full thread dump OpenJDK",
				"\"reactor-http-epoll-1\" #34 [5686] daemon prio=5 os_prio=0 cpu=9.1ms elapsed=70s tid=0x00007f nid=5686 runnable  [0x0]",
				"   java.lang.Thread.State: RUNNABLE",
				"\"GC Thread#0\" os_prio=0 cpu=300.00ms elapsed=80s tid=0x00007f nid=0x1625 runnable",
				"\"ForkJoinPool-1-worker-1\" #40 [5817] daemon prio=5 os_prio=0 cpu=2s elapsed=60s tid=0x1 nid=5817 waiting"));

		assertThat(names).containsEntry(5686L, "reactor-http-epoll-1")
			.containsEntry(0x1625L, "GC Thread#0")
			.containsEntry(5817L, "ForkJoinPool-1-worker-1")
			.hasSize(3);
	}

	@Test
	void findsTheBusiestThreadsOfAStepAndWhatTheJitAndTheGcTook() {
		// three readings a second apart; the step is the second between the last two
		List<Sample> samples = List.of(reading(1000, 100, 50, 10, 5), reading(2000, 190, 60, 40, 6),
				reading(3000, 285, 70, 65, 7));

		ThreadCpu threads = ThreadCpu.of(samples, new Window(2000, 3000), Map.of(11L, "r2dbc-pg-epoll-1"));

		assertThat(threads.top()).extracting(ThreadCpu.ThreadUse::name)
			.containsExactly("r2dbc-pg-epoll-1", "C2 CompilerThre", "reactor-http-ep", "GC Thread#0");
		assertThat(threads.busiest().cores()).isEqualTo(0.95);
		assertThat(threads.jitCores()).isEqualTo(0.3);
		assertThat(threads.gcCores()).isEqualTo(0.01);
		assertThat(threads.totalCores()).isEqualTo(1.51);
	}

	@Test
	void reportsASaturatedThreadAsAFindingAboutTheAppAndAnUnsettledJitAsAWarning() {
		List<Sample> samples = List.of(reading(1000, 100, 50, 10, 5), reading(2000, 190, 60, 40, 6));
		ThreadCpu threads = ThreadCpu.of(samples, new Window(1000, 2000), Map.of());
		StepStats stats = new StepStats(0, 100, 1, 100, 99, 200, 0, 1.0, 110, 120, 130, 140, Map.of());
		StepRow row = new StepRow(stats, true, null, 11.0, 11.0, 100.0, 1.0, 0.2, 0.1, 0.1, 1.5, 500.0, 200.0, 30.0,
				5.0, 0.0, 10.0, 1.0, 3.0, threads, null, null, null);

		List<Finding> findings = AppFindings.of("reactive", List.of(row), new Knee(null, null, null));

		assertThat(findings).extracting(Finding::rule).containsExactly("thread-saturated", "jit-not-settled");
		assertThat(findings.get(0).severity()).isEqualTo(Finding.Severity.APP);
		assertThat(findings.get(0).message()).contains("r2dbc-pg-epoll-", "0.90 of a core");
		assertThat(findings.get(1).severity()).isEqualTo(Finding.Severity.WARNING);
	}

	@Test
	void countsTheListenQueueOverflowsOfAStepAndReportsThemAsAFindingAboutTheApp() {
		List<Sample> samples = List.of(overflows(1000, 500L), overflows(2000, 500L), overflows(3000, 520L),
				overflows(4000, null), overflows(5000, 537L), overflows(6000, 900L));
		StepStats stats = new StepStats(0, 2000, 1, 2000, 1900, 20000, 0, 1.0, 110, 120, 1100, 1200, Map.of());

		Long inStep = VariantSummary.listenOverflows(samples, new Window(2000, 5000));
		StepRow row = new StepRow(stats, false, "p99", null, null, null, null, null, null, null, null, null, null, null,
				null, null, null, null, null, null, null, inStep, null);

		assertThat(inStep).isEqualTo(37);
		assertThat(VariantSummary.listenOverflows(samples, new Window(8000, 9000))).isNull();
		assertThat(AppFindings.of("loom", List.of(row), new Knee(null, null, null))).singleElement()
			.satisfies((finding) -> {
				assertThat(finding.rule()).isEqualTo("listen-queue-overflow");
				assertThat(finding.severity()).isEqualTo(Finding.Severity.APP);
				assertThat(finding.message()).contains("full 37 times");
			});
	}

	@Test
	void measuresTheShareOfAStepTheCpuQuotaStoppedTheAppFromTheCgroupsThrottledTime() {
		String v1 = "nr_periods 61579\nnr_throttled 39161\nthrottled_time 1606816970990\nnr_bursts 0\n";
		String v2 = "usage_usec 8123\nnr_periods 12\nnr_throttled 3\nthrottled_usec 4500\n";
		List<Sample> samples = List.of(stopped(1000, 10_000L), stopped(2000, 10_400L), stopped(3000, 10_800L),
				stopped(4000, 11_000L), stopped(5000, 11_000L));

		assertThat(CpuQuota.stat(v1, "throttled_time", 1_000_000)).hasValue(1_606_816);
		assertThat(CpuQuota.stat(v2, "throttled_usec", 1_000)).hasValue(4);
		assertThat(CpuQuota.stat(v2, "throttled_time", 1_000_000)).isEmpty();
		assertThat(VariantSummary.quotaStopped(samples, new Window(2000, 4000))).isEqualTo(0.333);
		assertThat(VariantSummary.quotaStopped(samples, new Window(5000, 6000))).isEqualTo(0.0);
		assertThat(
				VariantSummary.quotaStopped(List.of(overflows(1000, 1L), overflows(2000, 2L)), new Window(1000, 2000)))
			.isNull();
		assertThat(CpuQuota.NONE.stoppedMs()).isEmpty();
	}

	private static Sample stopped(long epochMs, Long stoppedMs) {
		return new Sample(epochMs, Map.of(), null, null, null, Map.of(), Map.of(), null, stoppedMs);
	}

	private static Sample overflows(long epochMs, Long count) {
		return new Sample(epochMs, Map.of(), null, null, null, Map.of(), Map.of(), count);
	}

	@Test
	void cpuPerOrderIsCoresOverThroughput() {
		StepStats stats = new StepStats(0, 300, 20, 300, 250, 600, 0, 1.0, 110, 120, 130, 140, Map.of());

		assertThat(StepRow.perOrder(0.5, stats)).isEqualTo(2.0);
		assertThat(StepRow.perOrder(null, stats)).isNull();
	}

	@Test
	void readsGcPausesWithTheirWallClockTimeAndFindsTheLongestOfAStep() {
		GcLog log = GcLog.parse(List.of("[2026-11-23T08:44:54.736+0000] Using G1",
				"[2026-11-23T08:44:55.702+0000] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 15M->4M(64M) 12.662ms",
				"[2026-11-23T08:44:56.100+0000] GC(1) Pause Remark 30M->30M(64M) 1.500ms",
				"[2026-11-23T08:44:56.168+0000] GC(1) Concurrent Mark Cycle 40.000ms",
				"[2026-11-23T08:44:57.208+0000] GC(2) Pause Young (Normal) (G1 Evacuation Pause) 35M->28M(64M) 18.340ms"));
		long second = java.time.OffsetDateTime.parse("2026-11-23T08:44:56+00:00").toInstant().toEpochMilli();

		assertThat(log.pauses()).extracting(GcLog.Pause::millis).containsExactly(12.662, 1.5, 18.34);
		assertThat(log.pauses().get(1).kind()).isEqualTo("Pause Remark");
		assertThat(log.longestMs(new Window(second, second + 1000))).isEqualTo(1.5);
		assertThat(log.longestMs(new Window(second - 2000, second + 2000))).isEqualTo(18.34);
		assertThat(log.longestMs(new Window(0, 1000))).isNull();
	}

	/**
	 * tid 11 an event loop, 12 the C2 compiler, 13 an HTTP loop, 14 a GC thread (CPU
	 * ticks).
	 */
	private static Sample reading(long epochMs, long loop, long c2, long http, long gc) {
		return new Sample(epochMs, Map.of(), null, null, null,
				Map.of(11L, new ProcFs.ThreadStat("r2dbc-pg-epoll-", loop), 12L,
						new ProcFs.ThreadStat("C2 CompilerThre", c2 + 2 * (epochMs / 1000) * 10), 13L,
						new ProcFs.ThreadStat("reactor-http-ep", http), 14L, new ProcFs.ThreadStat("GC Thread#0", gc)),
				Map.of());
	}

}
