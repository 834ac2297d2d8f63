package dev.rvl.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.rvl.bench.Recording.Row;
import dev.rvl.bench.Recording.SecondKey;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The overload and cold-start figures and the targets they are held to. */
class OverloadTests {

	@Test
	void holdsGoodputBeyondTheKneeAndMeasuresTheRecovery() {
		// knee 100/s: goodput 50, 100, 97, 95, 70 (missed at 4x), 50; served p99 within
		// 500 ms except the first 3 s after the overload
		List<StepStats> steps = List.of(level(0, 50, 50, 0, 0), level(1, 100, 100, 0, 0), level(2, 150, 97, 53, 12),
				level(3, 200, 95, 105, 20), level(4, 400, 70, 330, 150), level(5, 50, 50, 0, 0));
		Recording recovery = seconds(5, 10, new long[] { 900, 800, 700, 120, 110, 110, 110, 110, 110, 110 });

		Overload.OverloadSummary summary = Overload.overload(100, steps, recovery, "place-order", 500);

		assertThat(summary.levels()).extracting(Overload.Level::goodputShare)
			.containsExactly(0.5, 1.0, 0.97, 0.95, 0.7, 0.5);
		assertThat(summary.recoverySeconds()).isEqualTo(3);
		assertThat(summary.missed()).containsExactly("goodput at 4 x the knee was 70 % of the knee's (at least 90 %)",
				"503 p99 at 4 x was 150 ms (at most 100 ms)");
		assertThat(summary.missedTargets()).containsExactly("goodput at 4 x", "503 p99 at 4 x");
	}

	@Test
	void countsOverRepetitionsHowOftenEachTargetWasMissed() {
		List<List<String>> runs = List.of(List.of("503 p99 at 1 x"), List.of(),
				List.of("503 p99 at 1 x", "goodput at 4 x"));

		assertThat(Overload.tally(runs)).containsExactly(Map.entry("503 p99 at 1 x", 2),
				Map.entry("goodput at 4 x", 1));
		assertThat(Overload.tallyLine(runs))
			.isEqualTo("every target met in 1 of 3; missed: 503 p99 at 1 x in 2 of 3, goodput at 4 x in 1 of 3");
		assertThat(Overload.tallyLine(List.of(List.of(), List.of()))).isEqualTo("every target met in 2 of 2");
	}

	@Test
	void reportsOverRepetitionsHowOftenEachVariantMissedEachTarget() {
		Summary summary = ReportFixture.overloadRepetitions();
		String id = summary.variants().get(0).id();

		assertThat(summary.overloadOverRepetitions()).containsExactly(Map.entry(id,
				"every target met in 1 of 3; missed: 503 p99 at 1 x in 2 of 3, goodput at 4 x in 1 of 3"));
		assertThat(summary.coldStartOverRepetitions()).isEmpty();
		assertThat(MarkdownReport.render(summary)).contains("Over the repetitions:\n\n- **" + id
				+ "**: every target met in 1 of 3; missed: 503 p99 at 1 x in 2 of 3, goodput at 4 x in 1 of 3\n");
		assertThat(MarkdownReport.render(ReportFixture.summary(0.3))).doesNotContain("Over the repetitions");
	}

	@Test
	void measuresTheTimeToTheSloAfterAColdStartAndThatItStaysThere() {
		long[] settles = new long[30];
		long[] relapses = new long[30];
		for (int second = 0; second < 30; second++) {
			settles[second] = (second < 12) ? 3000 : 150;
			relapses[second] = (second < 12 || second == 20) ? 3000 : 150;
		}

		assertThat(Overload.coldStart(100, seconds(0, 30, settles), "place-order", 500).secondsToSlo()).isEqualTo(12);
		Overload.ColdStartSummary relapsed = Overload.coldStart(100, seconds(0, 30, relapses), "place-order", 500);
		assertThat(relapsed.secondsToSlo()).as("settled only after the relapse").isEqualTo(21);
		assertThat(relapsed.missed()).containsExactly("within the SLO after 21 s (at most 20 s)");
		assertThat(relapsed.missedTargets()).containsExactly("within the SLO in 20 s");
		assertThat(Overload.coldStart(100, seconds(0, 5, new long[] { 900, 900, 900, 900, 900 }), "place-order", 500)
			.missed()).containsExactly("never settled within the SLO");
	}

	@Test
	void reportsEachColdStartOnceWithTheTargetItMissed() {
		Summary summary = ReportFixture.coldStartRepetitions();
		String id = summary.variants().get(0).id();

		assertThat(MarkdownReport.render(summary)).contains(
				"- **" + id + " #1** at 560 orders/s from the first second: within the SLO after 12 s\n",
				"- **" + id + " #2** at 560 orders/s from the first second: within the SLO after 24 s"
						+ " - missed: within the SLO in 20 s\n",
				"- **" + id + " #3** at 560 orders/s from the first second: never within the SLO"
						+ " - missed: within the SLO in 20 s\n",
				"- **" + id + "**: every target met in 1 of 3; missed: within the SLO in 20 s in 2 of 3\n");
	}

	@Test
	void countsTheSecondsAnAppRefusedEveryOrderAsOutsideTheSlo() {
		long[] latencies = new long[30];
		java.util.Arrays.fill(latencies, 150);

		Recording refusingFirst = withRefusedOnly(seconds(0, 30, latencies), 0, 0, 12);
		Recording refusingInBetween = withRefusedOnly(seconds(0, 30, latencies), 0, 15, 22);

		assertThat(Overload.coldStart(100, refusingFirst, "place-order", 500).secondsToSlo())
			.as("from the step's first second, not from its first served order")
			.isEqualTo(12);
		assertThat(Overload.coldStart(100, refusingInBetween, "place-order", 500).secondsToSlo())
			.as("seven seconds of nothing served are not within the SLO")
			.isEqualTo(22);
		assertThat(Overload.coldStart(100, withRefusedOnly(seconds(0, 30, latencies), 0, 0, 30), "place-order", 500)
			.missed()).containsExactly("never settled within the SLO");
	}

	/**
	 * The recording with every order of the seconds {@code [from, to)} of {@code step}
	 * refused: their place-order rows and histograms replaced by a refusals row and the
	 * second's {@code all} row, as the Gatling recorder writes them.
	 */
	private static Recording withRefusedOnly(Recording recording, int step, int from, int to) {
		List<Row> rows = new ArrayList<>();
		Map<SecondKey, Histogram> histograms = new HashMap<>(recording.histograms());
		for (Row row : recording.rows()) {
			long second = row.elapsed() - 100;
			if (row.step() == step && second >= from && second < to) {
				histograms.remove(new SecondKey(row.elapsed(), row.request()));
				for (String request : List.of("place-order:refused", "all")) {
					rows.add(new Row(row.epochMs(), row.elapsed(), step, row.offered(), request, 0, 100, 0, 5, 8, 9, 9,
							Map.of("503", 100L)));
				}
			}
			else {
				rows.add(row);
			}
		}
		return new Recording(recording.meta(), rows, histograms);
	}

	private static StepStats level(int step, double offered, double ok, double refused, long refusedP99) {
		return new StepStats(step, offered, 10, offered, ok, 2 * offered, 0, ok / offered, 110, 200, 300, 400,
				(refusedP99 > 0) ? Map.of("201", (long) ok * 10, "503", (long) refused * 10) : Map.of("201", 10L), 0,
				refused, refusedP99);
	}

	/**
	 * One place-order row per second in {@code step}, every request at the given latency.
	 */
	private static Recording seconds(int step, int count, long[] latencies) {
		List<Row> rows = new ArrayList<>();
		Map<SecondKey, Histogram> histograms = new HashMap<>();
		for (int second = 0; second < count; second++) {
			Histogram histogram = new Histogram(2);
			histogram.recordValueWithCount(latencies[second], 100);
			histograms.put(new SecondKey(100 + second, "place-order"), histogram);
			rows.add(new Row(1000L * (100 + second), 100 + second, step, 100, "place-order", 100, 0, 0, 0, 0,
					latencies[second], latencies[second], Map.of("201", 100L)));
		}
		return new Recording(new Recording.Meta("OverloadSimulation", "open", "orders/s", 0, count, ""), rows,
				histograms);
	}

}
