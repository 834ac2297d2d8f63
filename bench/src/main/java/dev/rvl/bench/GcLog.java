package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rvl.bench.HarnessCheck.Window;

/**
 * The app's GC pauses, from the unified GC log every app writes in a benchmark
 * ({@code -Xlog:gc:file=gc.log:time}): each pause with its wall-clock time, so the
 * longest pause of each step is exact. (Micrometer's {@code jvm_gc_pause_seconds_max} is
 * a maximum over a sliding two-minute window, which would blur the steps.)
 *
 * @param pauses every pause, in log order
 */
record GcLog(List<Pause> pauses) {

	private static final Pattern PAUSE = Pattern.compile(
			"^\\[([^\\]]+)\\].*\\bGC\\(\\d+\\) (Pause.*?)\\s+(?:\\d+[BKMG]->\\d+[BKMG]\\(\\d+[BKMG]\\)\\s+)?([\\d.]+)ms\\s*$");

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

	/** The JVM flag that writes the log this class reads. */
	static String flag(Path file) {
		return "-Xlog:gc:file=" + file + ":time";
	}

	static GcLog read(Path file) {
		try {
			return parse(Files.readAllLines(file));
		}
		catch (IOException ex) {
			return new GcLog(List.of());
		}
	}

	static GcLog parse(List<String> lines) {
		List<Pause> pauses = new ArrayList<>();
		for (String line : lines) {
			Matcher matcher = PAUSE.matcher(line);
			if (matcher.find()) {
				long epochMs = OffsetDateTime.parse(matcher.group(1), TIME).toInstant().toEpochMilli();
				pauses.add(new Pause(epochMs, matcher.group(2).strip(), Double.parseDouble(matcher.group(3))));
			}
		}
		return new GcLog(List.copyOf(pauses));
	}

	/** The longest pause that ended within the window, or {@code null} if none did. */
	Double longestMs(Window window) {
		return this.pauses.stream()
			.filter((pause) -> pause.epochMs() >= window.fromMs() && pause.epochMs() <= window.toMs())
			.mapToDouble(Pause::millis)
			.max()
			.stream()
			.boxed()
			.findFirst()
			.orElse(null);
	}

	/**
	 * One stop-the-world pause.
	 *
	 * @param epochMs when it was logged (its end)
	 * @param kind e.g. {@code Pause Young (Normal) (G1 Evacuation Pause)}
	 * @param millis how long the application stood still
	 */
	record Pause(long epochMs, String kind, double millis) {
	}

}
