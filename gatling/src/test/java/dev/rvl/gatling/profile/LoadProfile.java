package dev.rvl.gatling.profile;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.gatling.javaapi.core.ClosedInjectionStep;
import io.gatling.javaapi.core.OpenInjectionStep;

import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.rampConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;

/**
 * An injection profile stated once: the same phases become Gatling's injection steps and
 * tell the time-series recorder which step (and which offered load) each second belongs
 * to.
 * <p>
 * Open model: arrival rate in users (orders) per second; users arrive on schedule however
 * slowly the server answers, so latency is not hidden by coordinated omission. Closed
 * model: a number of concurrent users, each starting again when done.
 *
 * @param model open (arrival rate) or closed (concurrency)
 * @param phases the phases in order
 */
public record LoadProfile(Model model, List<Phase> phases) {

	public LoadProfile {
		phases = List.copyOf(phases);
		if (phases.isEmpty()) {
			throw new IllegalArgumentException("a profile has at least one phase");
		}
	}

	/**
	 * Stairs: a short ramp up to {@code from}, then {@code steps} levels from
	 * {@code from} to {@code to}, each held {@code stepSeconds} with a ramp of
	 * {@code rampSeconds} between levels, then the top level held {@code holdSeconds}
	 * longer (as part of the last step).
	 */
	public static LoadProfile stairs(Model model, double from, double to, int steps, long stepSeconds, long rampSeconds,
			long holdSeconds) {
		if (steps < 1) {
			throw new IllegalArgumentException("at least one step");
		}
		if (to < from) {
			throw new IllegalArgumentException("the stairs go up: to must be at least from");
		}
		List<Phase> phases = new ArrayList<>();
		double previous = (model == Model.OPEN) ? Math.min(1, from) : 0;
		for (int step = 0; step < steps; step++) {
			double level = (steps == 1) ? from : from + (to - from) * step / (steps - 1);
			if (model == Model.CLOSED) {
				level = Math.round(level);
			}
			if (rampSeconds > 0 && level != previous) {
				phases.add(Phase.ramp(previous, level, rampSeconds));
			}
			long seconds = stepSeconds + ((step == steps - 1) ? holdSeconds : 0);
			phases.add(Phase.hold(level, seconds, step));
			previous = level;
		}
		return new LoadProfile(model, phases);
	}

	/**
	 * A spike: the base load, a fast ramp to the peak, the peak, a fast ramp back and the
	 * base load again (steps 0, 1 and 2).
	 */
	public static LoadProfile spike(double base, double peak, long baseSeconds, long peakSeconds, long rampSeconds) {
		List<Phase> phases = new ArrayList<>();
		phases.add(Phase.hold(base, baseSeconds, 0));
		phases.add(Phase.ramp(base, peak, rampSeconds));
		phases.add(Phase.hold(peak, peakSeconds, 1));
		phases.add(Phase.ramp(peak, base, rampSeconds));
		phases.add(Phase.hold(base, baseSeconds, 2));
		return new LoadProfile(Model.OPEN, phases);
	}

	/** The overload levels, as multiples of the knee: in, over and out again. */
	public static final double[] OVERLOAD_LEVELS = { 0.5, 1, 1.5, 2, 4, 0.5 };

	/**
	 * Overload: {@link #OVERLOAD_LEVELS} times the knee, each held {@code levelSeconds}
	 * (steps 0 to 5), with one-second jumps between them - load arrives faster than any
	 * adaptive limit settles.
	 */
	public static LoadProfile overload(double knee, long levelSeconds) {
		List<Phase> phases = new ArrayList<>();
		double previous = 1;
		for (int step = 0; step < OVERLOAD_LEVELS.length; step++) {
			double level = Math.max(1, Math.round(knee * OVERLOAD_LEVELS[step]));
			phases.add(Phase.ramp(previous, level, 1));
			phases.add(Phase.hold(level, levelSeconds, step));
			previous = level;
		}
		return new LoadProfile(Model.OPEN, phases);
	}

	/**
	 * The same profile with {@code seconds} at the first step's level before that step,
	 * counted as a transition (not measured): the load generator's own JIT settles there,
	 * not in the first measured step.
	 */
	public LoadProfile withLeadIn(long seconds) {
		if (seconds < 1) {
			return this;
		}
		List<Phase> phases = new ArrayList<>(this.phases);
		for (int i = 0; i < phases.size(); i++) {
			Phase phase = phases.get(i);
			if (phase.step() != Phase.TRANSITION) {
				phases.add(i, Phase.ramp(phase.from(), phase.from(), seconds));
				return new LoadProfile(this.model, phases);
			}
		}
		return this;
	}

	/** Seconds from the first arrival to the last. */
	public long totalSeconds() {
		return this.phases.stream().mapToLong(Phase::seconds).sum();
	}

	/** The planned load at a time since the start, 0 after the end. */
	public double valueAt(double elapsedSeconds) {
		Located located = locate(elapsedSeconds);
		return (located == null) ? 0 : located.phase().valueAt(located.secondsInto());
	}

	/**
	 * The step held at a time since the start; {@link Phase#TRANSITION} during a ramp and
	 * after the end.
	 */
	public int stepAt(double elapsedSeconds) {
		Located located = locate(elapsedSeconds);
		return (located == null) ? Phase.TRANSITION : located.phase().step();
	}

	/** The profile as Gatling open-model injection steps. */
	public List<OpenInjectionStep> openInjection() {
		requireModel(Model.OPEN);
		return this.phases.stream().map(LoadProfile::toOpenStep).toList();
	}

	/** The profile as Gatling closed-model injection steps. */
	public List<ClosedInjectionStep> closedInjection() {
		requireModel(Model.CLOSED);
		return this.phases.stream().map(LoadProfile::toClosedStep).toList();
	}

	private static OpenInjectionStep toOpenStep(Phase phase) {
		Duration during = Duration.ofSeconds(phase.seconds());
		return phase.isConstant() ? constantUsersPerSec(phase.from()).during(during)
				: rampUsersPerSec(phase.from()).to(phase.to()).during(during);
	}

	private static ClosedInjectionStep toClosedStep(Phase phase) {
		Duration during = Duration.ofSeconds(phase.seconds());
		return phase.isConstant() ? constantConcurrentUsers((int) phase.from()).during(during)
				: rampConcurrentUsers((int) phase.from()).to((int) phase.to()).during(during);
	}

	private void requireModel(Model expected) {
		if (this.model != expected) {
			throw new IllegalStateException("this is a " + this.model + " model profile");
		}
	}

	private Located locate(double elapsedSeconds) {
		if (elapsedSeconds < 0) {
			return null;
		}
		double start = 0;
		for (Phase phase : this.phases) {
			if (elapsedSeconds < start + phase.seconds()) {
				return new Located(phase, elapsedSeconds - start);
			}
			start += phase.seconds();
		}
		return null;
	}

	private record Located(Phase phase, double secondsInto) {
	}

	/** How load is offered. */
	public enum Model {

		/** Arrival rate: users (orders) per second. */
		OPEN("orders/s"),

		/** Concurrency: virtual users, each starting again when done. */
		CLOSED("users");

		private final String unit;

		Model(String unit) {
			this.unit = unit;
		}

		public String unit() {
			return this.unit;
		}

	}

}
