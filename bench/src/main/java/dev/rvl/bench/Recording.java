package dev.rvl.bench;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * What the Gatling recorder wrote for one run (see the gatling module's
 * {@code TimeSeriesFiles}): the per-second CSV rows, the per-second latency histograms
 * and the profile's properties.
 *
 * @param meta the simulation, model and start
 * @param rows the CSV rows in file order
 * @param histograms latency histograms by second and request name
 */
record Recording(Meta meta, List<Row> rows, Map<SecondKey, Histogram> histograms) {

	static final String ALL = "all";

	/**
	 * Suffix of the rows of refused requests (503): the recorder keeps their latency
	 * apart from the served ones'.
	 */
	static final String REFUSED = ":refused";

	static final String HEADER = "epoch_s,elapsed_s,step,offered,request,ok,ko,items,p50_ms,p95_ms,p99_ms,max_ms,statuses";

	static Recording read(Path csv) throws IOException {
		String base = csv.getFileName().toString().replaceFirst("\\.csv$", "");
		Meta meta = readMeta(csv.resolveSibling(base + ".properties"));
		List<Row> rows = parseCsv(Files.readAllLines(csv));
		Map<SecondKey, Histogram> histograms = readHistograms(csv.resolveSibling(base + ".hlog"), meta.startEpochMs());
		return new Recording(meta, rows, histograms);
	}

	static List<Row> parseCsv(List<String> lines) {
		if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
			throw new IllegalArgumentException("Not a time-series CSV (header " + HEADER + " expected)");
		}
		List<Row> rows = new ArrayList<>();
		for (String line : lines.subList(1, lines.size())) {
			if (line.isBlank()) {
				continue;
			}
			String[] f = line.split(",", -1);
			Map<String, Long> statuses = new LinkedHashMap<>();
			for (String entry : f[12].split(" ")) {
				if (!entry.isBlank()) {
					int colon = entry.lastIndexOf(':');
					statuses.put(entry.substring(0, colon), Long.parseLong(entry.substring(colon + 1)));
				}
			}
			rows.add(new Row(Math.round(Double.parseDouble(f[0]) * 1000), Long.parseLong(f[1]), Integer.parseInt(f[2]),
					Double.parseDouble(f[3]), f[4], Long.parseLong(f[5]), Long.parseLong(f[6]), Long.parseLong(f[7]),
					Long.parseLong(f[8]), Long.parseLong(f[9]), Long.parseLong(f[10]), Long.parseLong(f[11]),
					statuses));
		}
		return rows;
	}

	private static Meta readMeta(Path file) throws IOException {
		Properties properties = new Properties();
		try (Reader in = Files.newBufferedReader(file)) {
			properties.load(in);
		}
		return new Meta(properties.getProperty("simulation"), properties.getProperty("model"),
				properties.getProperty("unit"), Long.parseLong(properties.getProperty("startEpochMs")),
				Long.parseLong(properties.getProperty("totalSeconds")), properties.getProperty("phases", ""));
	}

	private static Map<SecondKey, Histogram> readHistograms(Path hlog, long startEpochMs) throws IOException {
		Map<SecondKey, Histogram> histograms = new HashMap<>();
		if (!Files.exists(hlog)) {
			return histograms;
		}
		HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
		try {
			for (EncodableHistogram next = reader.nextIntervalHistogram(); next != null; next = reader
				.nextIntervalHistogram()) {
				Histogram histogram = (Histogram) next;
				long second = Math.round((histogram.getStartTimeStamp() - startEpochMs) / 1000.0);
				histograms.put(new SecondKey(second, histogram.getTag()), histogram);
			}
		}
		finally {
			reader.close();
		}
		return histograms;
	}

	boolean openModel() {
		return "open".equals(this.meta.model());
	}

	/**
	 * The properties of a recording.
	 *
	 * @param simulation simulation class (simple name)
	 * @param model {@code open} or {@code closed}
	 * @param unit unit of the offered load
	 * @param startEpochMs when the injection started
	 * @param totalSeconds planned duration
	 * @param phases the phases, {@code from>to@seconds#step;...}
	 */
	record Meta(String simulation, String model, String unit, long startEpochMs, long totalSeconds, String phases) {
	}

	/**
	 * One CSV row: one second of one request name (or {@code all}).
	 *
	 * @param epochMs when the second starts
	 * @param elapsed which second since the injection started
	 * @param step the step, -1 on ramps
	 * @param offered planned load
	 * @param request request name
	 * @param ok passed requests
	 * @param ko failed requests
	 * @param items orders created by bulk requests
	 * @param p50 median latency (ms)
	 * @param p95 95th percentile (ms)
	 * @param p99 99th percentile (ms)
	 * @param max maximum (ms)
	 * @param statuses counts by status
	 */
	record Row(long epochMs, long elapsed, int step, double offered, String request, long ok, long ko, long items,
			long p50, long p95, long p99, long max, Map<String, Long> statuses) {

		long requests() {
			return this.ok + this.ko;
		}

	}

	/**
	 * A histogram's second and request name.
	 *
	 * @param elapsed which second since the injection started
	 * @param request request name
	 */
	record SecondKey(long elapsed, String request) {
	}

}
