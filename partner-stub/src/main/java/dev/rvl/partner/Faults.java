package dev.rvl.partner;

/**
 * Faults injected into every partner answer; immutable, replaced as a whole.
 *
 * @param addedLatencyMs extra latency on top of the configured one, at least 0
 * @param errorRate probability 0..1 of answering {@code errorStatus}
 * @param errorStatus status of an injected error, 400..599
 * @param hangRate probability 0..1 of never answering
 * @param emptyBodyRate probability 0..1 of answering 200 with an empty body
 * @param brokenBodyRate probability 0..1 of answering 200 with a body that is not JSON
 */
record Faults(long addedLatencyMs, double errorRate, int errorStatus, double hangRate, double emptyBodyRate,
		double brokenBodyRate) {

	/**
	 * No faults: what the stub starts with and what {@code DELETE /admin/faults}
	 * restores.
	 */
	static final Faults NONE = new Faults(0, 0.0, 500, 0.0, 0.0, 0.0);

	Faults {
		if (addedLatencyMs < 0) {
			throw new IllegalArgumentException("addedLatencyMs must be >= 0");
		}
		requireProbability("errorRate", errorRate);
		requireProbability("hangRate", hangRate);
		requireProbability("emptyBodyRate", emptyBodyRate);
		requireProbability("brokenBodyRate", brokenBodyRate);
		if (errorStatus < 400 || errorStatus > 599) {
			throw new IllegalArgumentException("errorStatus must be within 400..599");
		}
	}

	private static void requireProbability(String name, double rate) {
		if (!(rate >= 0.0 && rate <= 1.0)) {
			throw new IllegalArgumentException(name + " must be within 0..1");
		}
	}

}
