package dev.rvl.gatling.profile;

/**
 * One phase of a load profile: the load goes linearly from {@code from} to {@code to}
 * (users per second in the open model, concurrent users in the closed model) over
 * {@code seconds}.
 *
 * @param from load at the start of the phase
 * @param to load at the end of the phase
 * @param seconds duration
 * @param step the index of the step this phase holds, or {@link #TRANSITION} for a ramp
 * between steps (excluded from per-step results)
 */
public record Phase(double from, double to, long seconds, int step) {

	/** Step index of a ramp between steps. */
	public static final int TRANSITION = -1;

	public Phase {
		if (from < 0 || to < 0) {
			throw new IllegalArgumentException("load must not be negative");
		}
		if (seconds < 1) {
			throw new IllegalArgumentException("a phase lasts at least one second");
		}
	}

	static Phase hold(double value, long seconds, int step) {
		return new Phase(value, value, seconds, step);
	}

	static Phase ramp(double from, double to, long seconds) {
		return new Phase(from, to, seconds, TRANSITION);
	}

	boolean isConstant() {
		return this.from == this.to;
	}

	double valueAt(double secondsIntoPhase) {
		return this.from + (this.to - this.from) * (secondsIntoPhase / this.seconds);
	}

}
