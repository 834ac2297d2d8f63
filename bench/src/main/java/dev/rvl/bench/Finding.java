package dev.rvl.bench;

/**
 * One result of the harness check.
 *
 * @param variant the variant
 * @param rule which rule ({@code generator-rate}, {@code stub-latency}, ...)
 * @param severity {@code INVALID} makes the whole run not valid; {@code WARNING} is
 * reported only
 * @param step the step, or {@code null} for the whole run
 * @param offered the step's offered load, or {@code null}
 * @param message what was measured against which limit
 */
record Finding(String variant, String rule, Severity severity, Integer step, Double offered, String message) {

	/** How much a finding weighs. */
	enum Severity {

		/** The harness, not the app, was the bottleneck: the run is not a result. */
		INVALID,

		/** Worth knowing; the run stays valid. */
		WARNING,

		/**
		 * About the app, not the harness (e.g. one thread saturated): shown with the
		 * results, never changes the verdict.
		 */
		APP

	}

}
