package dev.rvl.gatling.recorder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import dev.rvl.gatling.profile.LoadProfile;
import dev.rvl.gatling.recorder.TimeSeriesRecorder.Row;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class TimeSeriesRecorderTests {

	/** Seconds are counted from the start of the injection, not from epoch seconds. */
	private static final long START = 1_700_000_000_464L;

	/** ramp 1 s (1 -> 10), step 0 at 10/s for 2 s, ramp 1 s, step 1 at 20/s for 2 s. */
	private final LoadProfile profile = LoadProfile.stairs(LoadProfile.Model.OPEN, 10, 20, 2, 2, 1, 0);

	@Test
	void keepsRefusalsApartFromServedRequests() {
		assertThat(TimeSeriesRecorder.named("place-order", "503")).isEqualTo("place-order:refused");
		assertThat(TimeSeriesRecorder.named("place-order", "201")).isEqualTo("place-order");
		assertThat(TimeSeriesRecorder.named("place-order", "timeout")).isEqualTo("place-order");
	}

	@Test
	void bucketsRequestsBySecondOfStartAndRequestName() {
		TimeSeriesRecorder recorder = new TimeSeriesRecorder(START);
		// second 1 (step 0): latencies 1..100 ms, one of them failed with a 503
		for (int latency = 1; latency <= 100; latency++) {
			boolean ok = latency != 100;
			recorder.record("place-order", START + 1000 + latency, latency, ok, ok ? "201" : "503", 0);
		}
		recorder.record("get-order", START + 1999, 7, true, "200", 0);
		// started in second 2 although answered later
		recorder.record("place-order", START + 2500, 4000, false, "timeout", 0);

		List<Row> rows = recorder.rows(this.profile);

		assertThat(rows).extracting(Row::elapsedSecond, Row::epochMs, Row::request)
			.containsExactly(tuple(1L, START + 1000, "get-order"), tuple(1L, START + 1000, "place-order"),
					tuple(1L, START + 1000, "all"), tuple(2L, START + 2000, "place-order"),
					tuple(2L, START + 2000, "all"));
		Row place = rows.get(1);
		assertThat(place.step()).isZero();
		assertThat(place.offered()).isEqualTo(10);
		assertThat(place.ok()).isEqualTo(99);
		assertThat(place.ko()).isEqualTo(1);
		assertThat(place.percentile(50)).isEqualTo(50);
		assertThat(place.percentile(95)).isEqualTo(95);
		assertThat(place.percentile(99)).isEqualTo(99);
		assertThat(place.latencies().getMaxValue()).isEqualTo(100);
		assertThat(place.statuses()).containsExactly(Map.entry("201", 99L), Map.entry("503", 1L));
		Row all = rows.get(2);
		assertThat(all.ok()).isEqualTo(100);
		assertThat(all.latencies().getTotalCount()).isEqualTo(101);
		assertThat(all.statuses()).containsEntry("200", 1L);
		assertThat(rows.get(4).statuses()).containsExactly(Map.entry("timeout", 1L));
	}

	@Test
	void labelsEachSecondWithStepAndOfferedLoad() {
		TimeSeriesRecorder recorder = new TimeSeriesRecorder(START);
		for (int second = 0; second < 6; second++) {
			recorder.record("place-order", START + second * 1000L, 10, true, "201", 0);
		}

		assertThat(recorder.rows(this.profile)).filteredOn((row) -> row.request().equals("all"))
			.extracting(Row::step, Row::offered)
			.containsExactly(tuple(-1, 5.5), tuple(0, 10.0), tuple(0, 10.0), tuple(-1, 15.0), tuple(1, 20.0),
					tuple(1, 20.0));
	}

	@Test
	void startsItsClockWithTheFirstRequestWhenNotGivenOne() {
		TimeSeriesRecorder recorder = new TimeSeriesRecorder();
		recorder.startIfFirst(START);
		recorder.record("place-order", START + 300, 10, true, "201", 0);
		recorder.startIfFirst(START + 5000);
		recorder.record("place-order", START + 1300, 10, true, "201", 0);

		assertThat(recorder.startEpochMs()).isEqualTo(START);
		assertThat(recorder.rows(this.profile)).filteredOn((row) -> row.request().equals("all"))
			.extracting(Row::elapsedSecond)
			.containsExactly(0L, 1L);
	}

	@Test
	void writesCsvHistogramLogAndProperties(@TempDir Path directory) throws Exception {
		TimeSeriesRecorder recorder = new TimeSeriesRecorder(START);
		recorder.record("place-order", START + 1100, 120, true, "201", 0);
		recorder.record("place-order", START + 1200, 80, true, "422", 0);
		recorder.record("bulk-ingest", START + 1300, 900, true, "200", 98);
		Path csv = directory.resolve("run/timeseries.csv");

		TimeSeriesFiles.write(csv, "StairsSimulation", this.profile, recorder);

		List<String> lines = Files.readAllLines(csv);
		// 2 significant digits: 900 ms lands in the bucket 896..903 and reads as 903.
		assertThat(lines.get(0)).isEqualTo(TimeSeriesFiles.HEADER);
		assertThat(lines).contains("1700000001.464,1,0,10.000,place-order,2,0,0,80,120,120,120,201:1 422:1",
				"1700000001.464,1,0,10.000,bulk-ingest,1,0,98,903,903,903,903,200:1");
		List<Histogram> histograms = readLog(TimeSeriesFiles.sibling(csv, ".hlog"));
		assertThat(histograms).extracting(Histogram::getTag).containsExactlyInAnyOrder("bulk-ingest", "place-order");
		assertThat(histograms)
			.allSatisfy((histogram) -> assertThat(histogram.getStartTimeStamp()).isEqualTo(START + 1000));
		Properties properties = new Properties();
		try (var in = Files.newBufferedReader(TimeSeriesFiles.sibling(csv, ".properties"))) {
			properties.load(in);
		}
		assertThat(properties).containsEntry("model", "open")
			.containsEntry("unit", "orders/s")
			.containsEntry("startEpochMs", Long.toString(START))
			.containsEntry("phases", "1.0>10.0@1#-1;10.0>10.0@2#0;10.0>20.0@1#-1;20.0>20.0@2#1");
	}

	private static List<Histogram> readLog(Path hlog) throws Exception {
		List<Histogram> histograms = new ArrayList<>();
		HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
		for (EncodableHistogram next = reader.nextIntervalHistogram(); next != null; next = reader
			.nextIntervalHistogram()) {
			histograms.add((Histogram) next);
		}
		reader.close();
		return histograms;
	}

	private static org.assertj.core.groups.Tuple tuple(Object... values) {
		return org.assertj.core.groups.Tuple.tuple(values);
	}

}
