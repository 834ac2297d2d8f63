package dev.rvl.bench;

import java.util.Locale;

/**
 * How much load, for how long: stairs from {@code from} to {@code to} in {@code steps}
 * levels (orders/s in the open model; users or bulk streams in the closed ones), each
 * held {@code stepSeconds} with {@code rampSeconds} between them, the top held
 * {@code holdSeconds} longer; before it, a warm-up of {@code warmupSeconds} from the
 * first level to the top and back.
 *
 * @param from first level
 * @param to last level
 * @param steps number of levels
 * @param stepSeconds seconds per level
 * @param rampSeconds seconds between levels
 * @param holdSeconds extra seconds at the top
 * @param warmupSeconds warm-up, excluded from results
 */
record LoadPlan(double from, double to, int steps, long stepSeconds, long rampSeconds, long holdSeconds,
		long warmupSeconds) {

	LoadPlan {
		if (from <= 0 || to < from || steps < 1 || stepSeconds < 1 || rampSeconds < 0 || holdSeconds < 0
				|| warmupSeconds < 0) {
			throw new IllegalArgumentException("Not a load plan: " + describe(from, to, steps, stepSeconds));
		}
	}

	/** Seconds of load (warm-up excluded), as the stairs profile counts them. */
	long loadSeconds() {
		// a ramp before every level whose value changes, including the first
		long ramps = (this.rampSeconds > 0) ? this.steps * this.rampSeconds : 0;
		return this.steps * this.stepSeconds + ramps + this.holdSeconds;
	}

	/** The warm-up starts and ends at the first level ... */
	double warmupRate() {
		return this.from;
	}

	/**
	 * ... and climbs to the top level half-way (open model): the JIT meets the top rate
	 * before it is measured.
	 */
	double warmupPeak(boolean openModel) {
		return openModel ? this.to : this.from;
	}

	LoadPlan withRates(double newFrom, double newTo, int newSteps) {
		return new LoadPlan(newFrom, newTo, newSteps, this.stepSeconds, this.rampSeconds, this.holdSeconds,
				this.warmupSeconds);
	}

	LoadPlan withTimes(Long step, Long ramp, Long hold, Long warmup) {
		return new LoadPlan(this.from, this.to, this.steps, (step != null) ? step : this.stepSeconds,
				(ramp != null) ? ramp : this.rampSeconds, (hold != null) ? hold : this.holdSeconds,
				(warmup != null) ? warmup : this.warmupSeconds);
	}

	@Override
	public String toString() {
		return describe(this.from, this.to, this.steps, this.stepSeconds) + String.format(Locale.ROOT,
				", ramps %d s, hold %d s, warm-up %d s", this.rampSeconds, this.holdSeconds, this.warmupSeconds);
	}

	private static String describe(double from, double to, int steps, long stepSeconds) {
		return String.format(Locale.ROOT, "%s -> %s in %d steps of %d s", number(from), number(to), steps, stepSeconds);
	}

	static String number(double value) {
		return (value == Math.rint(value)) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
	}

}
