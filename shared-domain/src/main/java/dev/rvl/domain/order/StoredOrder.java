package dev.rvl.domain.order;

import dev.rvl.domain.problem.Problems;

/**
 * An order read back from the database with the request hash it was stored with.
 *
 * @param view the order view
 * @param requestHash the canonical request hash, or {@code null} for orders without a key
 */
public record StoredOrder(OrderView view, String requestHash) {

	/**
	 * Answers a request that carries this order's idempotency key.
	 * @return the original order as a replay (200) when the request is the same
	 * @throws dev.rvl.domain.problem.ProblemException {@code idempotency-key-reused} when
	 * the request differs
	 */
	public PlacedOrder replayFor(ValidatedOrder order) {
		if (!order.requestHash().equals(this.requestHash)) {
			throw Problems.idempotencyKeyReused();
		}
		return PlacedOrder.replayed(this.view);
	}

}
