package dev.rvl.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report of a run against remote targets, from {@link ReportFixture}'s measurements
 * as a remote run would have them: no app process, the app's CPU time from its metrics.
 */
class RemoteReportTests {

	@Test
	void saysWhereTheFiguresCameFromAndWhatIsUnavailable() {
		Summary summary = remoteSummary();

		String markdown = MarkdownReport.render(summary);
		assertThat(markdown).contains("## Remote targets", "reactive: http://127.0.0.2:8081",
				"Unavailable remotely: per-thread CPU", "process_cpu_time_ns_total");
		assertThat(summary.settings()).anyMatch((row) -> row.name().equals("remote target (--target)"))
			.noneMatch((row) -> row.group().equals("apps") && row.name().equals("JVM flags"));
		VariantSummary reactive = summary.variants().get(0);
		assertThat(reactive.resources().get("cpu.app").stream().filter(Objects::nonNull)).isNotEmpty();
		assertThat(reactive.steps()).allSatisfy((step) -> assertThat(step.appCpu()).isNotNull());
		assertThat(reactive.peaks()).doesNotContainKey("max app RSS (MiB)");
		assertThat(reactive.run()).containsEntry("remote target", "http://127.0.0.2:8081");
	}

	@Test
	void drawsEveryChartItShowsWithoutAScriptError(@TempDir Path directory) throws Exception {
		ReportWriter.write(directory, remoteSummary());

		String dom = ReportRenderingTests.dumpDom(directory.resolve("index.html"), directory.resolve("chromium"));

		Matcher status = ReportRenderingTests.STATUS.matcher(dom);
		assertThat(status.find()).as("render status in the DOM").isTrue();
		assertThat(status.group(1)).as(status.group(2))
			.contains("data-state=\"ok\"")
			.contains("data-errors=\"0\"")
			.contains("data-empty=\"\"");
		assertThat(dom).contains("id=\"remote-targets\"", "id=\"remote-unavailable\"")
			.doesNotContain("id=\"chart-rss-time\"", "id=\"chart-busiest-thread\"");
	}

	static Summary remoteSummary() {
		BenchOptions options = BenchOptions.parse(List.of("--rates", "20:80:4", "--step-seconds", "5", "--ramp-seconds",
				"0", "--target", "reactive=http://127.0.0.2:8081", "--target", "loom=http://127.0.0.3:8082", "--target",
				"platform=http://127.0.0.4:8083", "--stub-url", "http://127.0.0.5:8090", "--jdbc-url",
				"jdbc:postgresql://127.0.0.1:5432/orders"));
		List<VariantResult> results = ReportFixture.results(0.2).stream().map(RemoteReportTests::remote).toList();
		BenchDatabase database = new BenchDatabase("jdbc:postgresql://127.0.0.1:5432/orders", "postgres", "postgres",
				false);
		return Summary.of(options, results, Map.of("server_version", "17.11"), database,
				StubProcess.remote(options.remote().stub()), new MachineInfo(2, Map.of("cores", "2")),
				Duration.ofSeconds(99));
	}

	/**
	 * What a remote run has of a local one: no app process, its CPU time from its
	 * metrics.
	 */
	private static VariantResult remote(VariantResult local) {
		List<Sample> samples = local.samples().stream().map((sample) -> {
			Map<String, Sample.ProcessReading> processes = new LinkedHashMap<>(sample.processes());
			Sample.ProcessReading app = processes.remove(Sample.APP);
			processes.remove(Sample.POSTGRES);
			processes.remove(Sample.STUB);
			AppReading a = sample.app();
			AppReading reading = new AppReading(a.liveThreads(), a.heapUsedBytes(), a.gcPauses(), a.gcPauseSeconds(),
					a.poolActive(), a.poolPending(), a.inFlight(), a.bulkQueueDepth(), a.busyThreads(),
					a.ordersPlaced(), a.virtualThreads(), a.carrierThreads(), a.admissionLimit(),
					app.cpuTicks() / (double) ProcFs.CLOCK_TICKS, null, 2.0, a.schedulingLagSeconds());
			return new Sample(sample.epochMs(), processes, sample.machine(), reading, sample.stubBuckets());
		}).toList();
		return new VariantResult(local.variant(), null, null, local.warmup(), null, local.recording(), samples,
				local.observed(), Map.of(), local.gatlingReport(), 0, null, null, 1, List.of());
	}

}
