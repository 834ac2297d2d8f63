package dev.rvl.domain.bulk;

import dev.rvl.domain.order.PlaceOrderRequest;
import dev.rvl.domain.problem.Problem;

/**
 * One non-blank line of a bulk request, as the reader produced it.
 */
public sealed interface BulkItem {

	/** 0-based position among the non-blank lines. */
	int index();

	/**
	 * A line read as an order request, to be placed.
	 *
	 * @param index 0-based position among the non-blank lines
	 * @param request the request
	 */
	record Parsed(int index, PlaceOrderRequest request) implements BulkItem {
	}

	/**
	 * A line answered without being processed (malformed, too long, or beyond the line
	 * limit).
	 *
	 * @param index 0-based position among the non-blank lines
	 * @param problem the answer
	 */
	record Rejected(int index, Problem problem) implements BulkItem {
	}

}
