package dev.rvl.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.rvl.bench.Recording.Row;
import dev.rvl.bench.Recording.SecondKey;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StepAggregatorTests {

	@Test
	void readsTheRecordersCsv() {
		List<Row> rows = Recording.parseCsv(List.of(Recording.HEADER,
				"1700000001.464,1,0,10.000,place-order,2,1,0,80,120,120,120,201:1 422:1 503:1", ""));

		assertThat(rows).singleElement().satisfies((row) -> {
			assertThat(row.epochMs()).isEqualTo(1_700_000_001_464L);
			assertThat(row.elapsed()).isEqualTo(1);
			assertThat(row.requests()).isEqualTo(3);
			assertThat(row.statuses()).containsEntry("201", 1L).containsEntry("503", 1L);
		});
	}

	@Test
	void sumsCountsAndMergesHistogramsPerStep() {
		// step 0 = seconds 1 and 2 (second 0 is a ramp); place-order latencies:
		// second 1: 10 x 100 ms; second 2: 9 x 100 ms and 1 x 900 ms (a 503)
		Map<SecondKey, Histogram> histograms = new HashMap<>();
		histograms.put(new SecondKey(1, "place-order"), histogram(100, 10));
		Histogram second2 = histogram(100, 9);
		second2.recordValue(900);
		histograms.put(new SecondKey(2, "place-order"), second2);
		List<Row> rows = List.of(row(0, -1, 5, "place-order", 5, 0, Map.of("201", 5L)),
				row(0, -1, 5, "all", 8, 0, Map.of("201", 5L, "200", 3L)),
				row(1, 0, 10, "place-order", 10, 0, Map.of("201", 10L)),
				row(1, 0, 10, "all", 20, 0, Map.of("201", 10L, "200", 10L)),
				row(2, 0, 10, "place-order", 9, 1, Map.of("201", 9L, "503", 1L)),
				row(2, 0, 10, "all", 18, 1, Map.of("201", 9L, "200", 9L, "503", 1L)));
		Recording recording = new Recording(new Recording.Meta("StairsSimulation", "open", "orders/s", 0, 3, ""), rows,
				histograms);

		List<StepStats> steps = StepAggregator.steps(recording, "place-order");

		assertThat(steps).singleElement().satisfies((step) -> {
			assertThat(step.step()).isZero();
			assertThat(step.seconds()).isEqualTo(2);
			assertThat(step.offered()).isEqualTo(10);
			assertThat(step.sentPerSecond()).isEqualTo(10); // (10 + 10) / 2
			assertThat(step.okPerSecond()).isEqualTo(9.5); // (10 + 9) / 2
			assertThat(step.requestsPerSecond()).isEqualTo(19.5); // (20 + 19) / 2
			assertThat(step.success()).isEqualTo(38.0 / 39.0);
			// 20 latencies, 19 at 100 ms and one at 900 ms: the p95 (19th) is 100, the
			// p99 (20th) 900
			assertThat(step.p50()).isEqualTo(100);
			assertThat(step.p95()).isEqualTo(100);
			assertThat(step.p99()).isBetween(896L, 903L); // 2 significant digits
			assertThat(step.statuses()).containsEntry("201", 19L).containsEntry("200", 19L).containsEntry("503", 1L);
		});
	}

	static Histogram histogram(long value, int count) {
		Histogram histogram = new Histogram(2);
		histogram.recordValueWithCount(value, count);
		return histogram;
	}

	static Row row(long elapsed, int step, double offered, String request, long ok, long ko,
			Map<String, Long> statuses) {
		return new Row(elapsed * 1000, elapsed, step, offered, request, ok, ko, 0, 0, 0, 0, 0, statuses);
	}

}
