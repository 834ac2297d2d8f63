package dev.rvl.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Rates from cumulative counters (CPU ticks, GC pause count and time, orders placed): the
 * difference between consecutive readings divided by the time between them. A counter is
 * never summed or averaged over time, only differenced. A missing reading is skipped (the
 * next rate spans the gap); a reading lower than the previous one means the process
 * restarted, and its value is the increase since then.
 */
final class CounterRates {

	private CounterRates() {
	}

	/**
	 * Per-second rates at each reading after the first; {@code null} where there is no
	 * earlier reading to compare with.
	 * @param readings cumulative values in time order ({@code null} when unknown)
	 * @param epochMs when each reading was taken
	 * @return one rate per reading
	 */
	static List<Double> perSecond(List<Double> readings, List<Long> epochMs) {
		if (readings.size() != epochMs.size()) {
			throw new IllegalArgumentException("one time per reading");
		}
		List<Double> rates = new ArrayList<>(readings.size());
		Double previous = null;
		long previousMs = 0;
		for (int i = 0; i < readings.size(); i++) {
			Double current = readings.get(i);
			if (current == null || current.isNaN()) {
				rates.add(null);
				continue;
			}
			long now = epochMs.get(i);
			if (previous == null || now <= previousMs) {
				rates.add(null);
			}
			else {
				double increase = (current >= previous) ? current - previous : current;
				rates.add(increase * 1000.0 / (now - previousMs));
			}
			previous = current;
			previousMs = now;
		}
		return rates;
	}

	/** The increase of a counter between its first and last known readings. */
	static double increase(List<Double> readings) {
		double increase = 0;
		Double previous = null;
		for (Double current : readings) {
			if (current == null || current.isNaN()) {
				continue;
			}
			if (previous != null) {
				increase += (current >= previous) ? current - previous : current;
			}
			previous = current;
		}
		return increase;
	}

}
