package dev.rvl.domain.order;

import dev.rvl.domain.problem.Problems;

/**
 * Size limits and query parameters of the API.
 */
public final class Limits {

	/** The largest order body, and the longest bulk line, in bytes (64 KiB). */
	public static final int MAX_BODY_BYTES = 64 * 1024;

	public static final int DEFAULT_LIST_LIMIT = 20;

	public static final int MAX_LIST_LIMIT = 100;

	private Limits() {
	}

	/**
	 * The {@code limit} query parameter of the order list: absent means 20; otherwise an
	 * integer from 1 to 100.
	 * @throws dev.rvl.domain.problem.ProblemException a {@code validation} problem on
	 * field {@code limit}
	 */
	public static int listLimit(String limit) {
		if (limit == null) {
			return DEFAULT_LIST_LIMIT;
		}
		try {
			int value = Integer.parseInt(limit.strip());
			if (value >= 1 && value <= MAX_LIST_LIMIT) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw Problems.validation("limit", "must be an integer from 1 to " + MAX_LIST_LIMIT);
	}

	/**
	 * A customer id from a path: a positive integer.
	 * @throws dev.rvl.domain.problem.ProblemException a {@code validation} problem on
	 * field {@code customerId}
	 */
	public static long customerId(String id) {
		try {
			long value = Long.parseLong(id);
			if (value >= 1) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw Problems.validation("customerId", "must be a positive integer");
	}

}
