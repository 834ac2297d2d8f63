package dev.rvl.gatling.recorder;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Collectors;

import dev.rvl.gatling.profile.LoadProfile;
import dev.rvl.gatling.profile.Phase;
import dev.rvl.gatling.recorder.TimeSeriesRecorder.Row;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes a recording as three files side by side:
 * <ul>
 * <li>{@code <name>.csv}: one row per second and request name (and {@code all}):
 * {@value #HEADER}. {@code epoch_s} is when the second starts (epoch seconds, ms
 * precision), {@code elapsed_s} which second since the injection started, {@code step}
 * the profile's step (-1 on ramps), {@code offered} the planned load,
 * {@code ok}/{@code ko} Gatling's verdicts, {@code items} orders created by bulk
 * requests, latencies in ms by request start, and {@code statuses} a space-separated list
 * of {@code status:count} ({@code timeout} and {@code io-error} when there was no
 * response);</li>
 * <li>{@code <name>.hlog}: the same seconds' latency histograms in HdrHistogram's log
 * format (tag = request name), so percentiles over any span can be computed exactly
 * rather than averaged;</li>
 * <li>{@code <name>.properties}: the simulation, load model, unit and phases.</li>
 * </ul>
 */
public final class TimeSeriesFiles {

	/** The CSV header. */
	public static final String HEADER = "epoch_s,elapsed_s,step,offered,request,ok,ko,items,p50_ms,p95_ms,p99_ms,max_ms,statuses";

	private TimeSeriesFiles() {
	}

	public static void write(Path csv, String simulation, LoadProfile profile, TimeSeriesRecorder recorder)
			throws IOException {
		Path directory = csv.toAbsolutePath().getParent();
		if (directory != null) {
			Files.createDirectories(directory);
		}
		List<Row> rows = recorder.rows(profile);
		writeCsv(csv, rows);
		writeHistogramLog(sibling(csv, ".hlog"), recorder.startEpochMs(), rows);
		writeProperties(sibling(csv, ".properties"), simulation, profile, recorder.startEpochMs());
	}

	/** {@code x.csv} to {@code x<extension>}. */
	public static Path sibling(Path csv, String extension) {
		String name = csv.getFileName().toString();
		String base = name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
		return csv.resolveSibling(base + extension);
	}

	static String csvLine(Row row) {
		String statuses = row.statuses()
			.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + ":" + entry.getValue())
			.collect(Collectors.joining(" "));
		return String.format(Locale.ROOT, "%.3f,%d,%d,%.3f,%s,%d,%d,%d,%d,%d,%d,%d,%s", row.epochMs() / 1000.0,
				row.elapsedSecond(), row.step(), row.offered(), row.request(), row.ok(), row.ko(), row.items(),
				row.percentile(50), row.percentile(95), row.percentile(99), row.latencies().getMaxValue(), statuses);
	}

	private static void writeCsv(Path csv, List<Row> rows) throws IOException {
		try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
			out.write(HEADER);
			out.write('\n');
			for (Row row : rows) {
				out.write(csvLine(row));
				out.write('\n');
			}
		}
	}

	private static void writeHistogramLog(Path hlog, long startEpochMs, List<Row> rows) throws IOException {
		try (OutputStream file = Files.newOutputStream(hlog);
				PrintStream out = new PrintStream(file, false, StandardCharsets.UTF_8)) {
			HistogramLogWriter writer = new HistogramLogWriter(out);
			writer.outputLogFormatVersion();
			writer.outputStartTime(startEpochMs);
			writer.setBaseTime(startEpochMs);
			writer.outputBaseTime(startEpochMs);
			writer.outputLegend();
			for (Row row : rows) {
				if (TimeSeriesRecorder.ALL.equals(row.request())) {
					continue;
				}
				Histogram histogram = row.latencies().copy();
				histogram.setStartTimeStamp(row.epochMs());
				histogram.setEndTimeStamp(row.epochMs() + 1000);
				histogram.setTag(row.request());
				writer.outputIntervalHistogram(histogram);
			}
			out.flush();
		}
	}

	private static void writeProperties(Path file, String simulation, LoadProfile profile, long startEpochMs)
			throws IOException {
		Properties properties = new Properties();
		properties.setProperty("simulation", simulation);
		properties.setProperty("model", profile.model().name().toLowerCase(Locale.ROOT));
		properties.setProperty("unit", profile.model().unit());
		properties.setProperty("startEpochMs", Long.toString(startEpochMs));
		properties.setProperty("totalSeconds", Long.toString(profile.totalSeconds()));
		properties.setProperty("phases",
				profile.phases().stream().map(TimeSeriesFiles::phase).collect(Collectors.joining(";")));
		try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
			properties.store(out, "Gatling time series of " + simulation);
		}
	}

	/** {@code from>to@seconds#step}. */
	private static String phase(Phase phase) {
		return String.format(Locale.ROOT, "%s>%s@%d#%d", phase.from(), phase.to(), phase.seconds(), phase.step());
	}

}
