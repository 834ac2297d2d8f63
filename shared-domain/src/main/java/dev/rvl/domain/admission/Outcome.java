package dev.rvl.domain.admission;

/**
 * What an admitted order's answer tells the adaptive limit.
 */
public enum Outcome {

	/**
	 * A new order placed (201): the whole flow ran, its latency is a sample of the
	 * capacity.
	 */
	SUCCEEDED,

	/**
	 * Refused downstream for overload (503: no database connection in time, or over the
	 * queue budget): the limit was too high, shrink it.
	 */
	DROPPED,

	/**
	 * Anything else: a replay (200) or a client error (4xx) ends after a query or two, a
	 * partner failure (502, 504) measures the partner, a 500 nothing. Their latency must
	 * not pull the limit's idea of a normal order either way.
	 */
	IGNORED;

	/** The outcome of an answer with this HTTP status. */
	public static Outcome of(int status) {
		return switch (status) {
			case 201 -> SUCCEEDED;
			case 503 -> DROPPED;
			default -> IGNORED;
		};
	}

}
