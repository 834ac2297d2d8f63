package dev.rvl.gatling.recorder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import dev.rvl.gatling.profile.LoadProfile;
import org.HdrHistogram.Histogram;

/**
 * Collects every request's outcome and latency into per-second buckets (by the second the
 * request started, per request name) while the simulation runs, and turns them into rows
 * at the end. Recording is a map look-up, a histogram increment and two counter
 * increments: cheap enough to run inside the load generator.
 */
public final class TimeSeriesRecorder {

	/** Request name of the rows that merge every request name of a second. */
	public static final String ALL = "all";

	/**
	 * Suffix of the request name under which refusals (503 {@code overloaded}) are
	 * recorded: their latency is that of a fast "no", which must not be mixed into the
	 * latency of the requests that were served (nor hide it).
	 */
	public static final String REFUSED = ":refused";

	private static final long NOT_STARTED = Long.MIN_VALUE;

	private final AtomicLong startEpochMs = new AtomicLong(NOT_STARTED);

	private final Map<Key, SecondBucket> buckets = new ConcurrentHashMap<>();

	/** A recorder whose clock starts with the first request ({@link #startIfFirst}). */
	public TimeSeriesRecorder() {
	}

	/**
	 * @param startEpochMs when the injection started: elapsed time and the offered load
	 * of each second are counted from here
	 */
	public TimeSeriesRecorder(long startEpochMs) {
		this.startEpochMs.set(startEpochMs);
	}

	/**
	 * Starts the clock at the first request: Gatling injects its first user at the
	 * profile's time zero, however long after {@code before()} that is on a busy machine.
	 */
	public void startIfFirst(long epochMs) {
		if (this.startEpochMs.get() == NOT_STARTED) {
			this.startEpochMs.compareAndSet(NOT_STARTED, epochMs);
		}
	}

	public long startEpochMs() {
		long start = this.startEpochMs.get();
		return (start != NOT_STARTED) ? start : System.currentTimeMillis();
	}

	/**
	 * Records one request.
	 * @param request the request name (e.g. {@code place-order})
	 * @param startEpochMs when it started
	 * @param latencyMs its response time
	 * @param ok whether Gatling's checks passed
	 * @param status the HTTP status, or {@code timeout} / {@code io-error} without a
	 * response
	 * @param items items it carried (orders created by a bulk request), else 0
	 */
	public void record(String request, long startEpochMs, long latencyMs, boolean ok, String status, int items) {
		startIfFirst(startEpochMs);
		long second = Math.floorDiv(startEpochMs - this.startEpochMs.get(), 1000);
		this.buckets.computeIfAbsent(new Key(second, request), (key) -> new SecondBucket())
			.record(latencyMs, ok, status, items);
	}

	/** The name a request is recorded under: refusals apart ({@link #REFUSED}). */
	public static String named(String request, String status) {
		return "503".equals(status) ? request + REFUSED : request;
	}

	/**
	 * One row per second (counted from the start of the injection) and request name, plus
	 * a row merging all request names per second, in time order; each second labelled
	 * with the profile's step and offered load.
	 */
	public List<Row> rows(LoadProfile profile) {
		Map<Long, Map<String, SecondBucket>> bySecond = new TreeMap<>();
		this.buckets.forEach((key, bucket) -> bySecond.computeIfAbsent(key.second(), (second) -> new TreeMap<>())
			.put(key.request(), bucket));
		List<Row> rows = new ArrayList<>();
		bySecond.forEach((second, requests) -> {
			long epochMs = startEpochMs() + second * 1000;
			double middle = second + 0.5;
			int step = profile.stepAt(middle);
			double offered = profile.valueAt(middle);
			Histogram all = new Histogram(SecondBucket.SIGNIFICANT_DIGITS);
			Map<String, Long> allStatuses = new TreeMap<>();
			long ok = 0;
			long ko = 0;
			long items = 0;
			for (Map.Entry<String, SecondBucket> entry : requests.entrySet()) {
				SecondBucket bucket = entry.getValue();
				Histogram latencies = bucket.latencies().copy();
				rows.add(new Row(epochMs, second, step, offered, entry.getKey(), bucket.ok(), bucket.ko(),
						bucket.items(), latencies, bucket.statuses()));
				all.add(latencies);
				ok += bucket.ok();
				ko += bucket.ko();
				items += bucket.items();
				bucket.statuses().forEach((status, count) -> allStatuses.merge(status, count, Long::sum));
			}
			rows.add(new Row(epochMs, second, step, offered, ALL, ok, ko, items, all, allStatuses));
		});
		rows.sort(Comparator.comparingLong(Row::elapsedSecond));
		return rows;
	}

	private record Key(long second, String request) {
	}

	/**
	 * One second of one request name.
	 *
	 * @param epochMs when the second starts (requests started in it)
	 * @param elapsedSecond which second since the injection started (0-based; negative
	 * for requests started before it)
	 * @param step step index, or -1 during ramps
	 * @param offered planned load in the middle of the second
	 * @param request request name or {@link TimeSeriesRecorder#ALL}
	 * @param ok requests whose checks passed
	 * @param ko requests that failed
	 * @param items items carried
	 * @param latencies response times in milliseconds
	 * @param statuses counts by status
	 */
	public record Row(long epochMs, long elapsedSecond, int step, double offered, String request, long ok, long ko,
			long items, Histogram latencies, Map<String, Long> statuses) {

		public long percentile(double percentile) {
			return (this.latencies.getTotalCount() == 0) ? 0 : this.latencies.getValueAtPercentile(percentile);
		}

	}

}
