package dev.rvl.gatling.recorder;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.SynchronizedHistogram;

/**
 * What one request name did in one second (by request start): latencies in an
 * HdrHistogram (2 significant digits, auto-resizing, about 8 KB), OK/KO counts, items and
 * counts by status. Safe to record from Gatling's event-loop threads at once.
 */
final class SecondBucket {

	/**
	 * 1 % precision is plenty for latencies Gatling measures in whole milliseconds and
	 * keeps an hour of buckets in tens of megabytes.
	 */
	static final int SIGNIFICANT_DIGITS = 2;

	private final SynchronizedHistogram latencies = new SynchronizedHistogram(SIGNIFICANT_DIGITS);

	private final LongAdder ok = new LongAdder();

	private final LongAdder ko = new LongAdder();

	private final LongAdder items = new LongAdder();

	private final Map<String, LongAdder> statuses = new ConcurrentHashMap<>();

	void record(long latencyMs, boolean succeeded, String status, int itemCount) {
		this.latencies.recordValue(Math.max(0, latencyMs));
		(succeeded ? this.ok : this.ko).increment();
		if (itemCount != 0) {
			this.items.add(itemCount);
		}
		this.statuses.computeIfAbsent(status, (key) -> new LongAdder()).increment();
	}

	SynchronizedHistogram latencies() {
		return this.latencies;
	}

	long ok() {
		return this.ok.sum();
	}

	long ko() {
		return this.ko.sum();
	}

	long items() {
		return this.items.sum();
	}

	/** Counts by status, sorted by status. */
	Map<String, Long> statuses() {
		Map<String, Long> sorted = new TreeMap<>();
		this.statuses.forEach((status, count) -> sorted.put(status, count.sum()));
		return sorted;
	}

}
