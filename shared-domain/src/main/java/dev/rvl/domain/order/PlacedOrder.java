package dev.rvl.domain.order;

/**
 * The answer to a place-order request.
 *
 * @param view the order
 * @param created {@code true} for a new order (201), {@code false} for an idempotent
 * replay (200)
 */
public record PlacedOrder(OrderView view, boolean created) {

	public static PlacedOrder created(OrderView view) {
		return new PlacedOrder(view, true);
	}

	public static PlacedOrder replayed(OrderView view) {
		return new PlacedOrder(view, false);
	}

}
