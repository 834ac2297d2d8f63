package dev.rvl.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The knee of a variant: the highest offered load it held, counting up from the lowest
 * step until the first step that fails. A step is held when the generator sent what was
 * offered (open model), at least {@code minSuccess} of all requests passed, and the
 * primary request's p99 was within the SLO.
 *
 * @param held the highest step held before the first failure, or {@code null}
 * @param firstFailing the first step that failed, or {@code null} if none did
 * @param failure why it failed, or {@code null}
 */
record Knee(StepStats held, StepStats firstFailing, String failure) {

	static final double MIN_SUCCESS = 0.99;

	static final double MIN_SENT_RATIO = 0.95;

	/**
	 * @param steps the steps in order of offered load
	 * @param openModel whether the load is an arrival rate (then the generator must have
	 * held it)
	 * @param sloP99Ms the SLO on the primary request's p99
	 */
	static Knee detect(List<StepStats> steps, boolean openModel, long sloP99Ms) {
		StepStats held = null;
		for (StepStats step : steps) {
			List<String> reasons = failures(step, openModel, sloP99Ms);
			if (!reasons.isEmpty()) {
				return new Knee(held, step, String.join("; ", reasons));
			}
			held = step;
		}
		return new Knee(held, null, null);
	}

	static List<String> failures(StepStats step, boolean openModel, long sloP99Ms) {
		List<String> reasons = new ArrayList<>();
		if (openModel && step.sentRatio() < MIN_SENT_RATIO) {
			reasons.add(String.format(Locale.ROOT, "generator sent %.1f/s of %.1f/s offered", step.sentPerSecond(),
					step.offered()));
		}
		if (step.success() < MIN_SUCCESS) {
			reasons.add(String.format(Locale.ROOT, "success %.2f %% < %.0f %% (%s)", step.success() * 100,
					MIN_SUCCESS * 100, failedStatuses(step.statuses())));
		}
		if (step.p99() > sloP99Ms) {
			reasons.add(String.format(Locale.ROOT, "p99 %d ms > SLO %d ms", step.p99(), sloP99Ms));
		}
		return reasons;
	}

	/**
	 * The statuses other than 2xx and the expected 422, e.g.
	 * {@code 503 x120, timeout x4}.
	 */
	static String failedStatuses(Map<String, Long> statuses) {
		return statuses.entrySet()
			.stream()
			.filter((entry) -> !entry.getKey().startsWith("2") && !entry.getKey().equals("422"))
			.sorted(Map.Entry.comparingByKey())
			.map((entry) -> entry.getKey() + " x" + entry.getValue())
			.collect(Collectors.joining(", "));
	}

	boolean holdsAny() {
		return this.held != null;
	}

	/**
	 * The index of the last step that counts for the verdict: up to the first failure.
	 */
	int lastDecisiveStep() {
		return (this.firstFailing != null) ? this.firstFailing.step() : Integer.MAX_VALUE;
	}

}
