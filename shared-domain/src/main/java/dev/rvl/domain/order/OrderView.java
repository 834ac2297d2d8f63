package dev.rvl.domain.order;

import java.util.List;

/**
 * The order as both apps return it (JSON field names are the component names).
 *
 * @param id the order id (UUID)
 * @param customerId the customer
 * @param status always {@code CONFIRMED} for a stored order
 * @param lines the lines in request order
 * @param subtotalCents sum of the line totals
 * @param discountCents tier plus volume discount
 * @param shippingCents shipping cost, 0 when free
 * @param taxCents tax
 * @param totalCents {@code subtotal - discount + shipping + tax}
 * @param carrier who ships
 * @param fraudScore the partner's score
 * @param createdAt ISO-8601 UTC with millisecond precision, e.g.
 * {@code 2026-11-22T10:15:30.123Z}
 */
public record OrderView(String id, long customerId, String status, List<OrderLineView> lines, long subtotalCents,
		long discountCents, long shippingCents, long taxCents, long totalCents, String carrier, int fraudScore,
		String createdAt) {

	public static final String CONFIRMED = "CONFIRMED";

	public OrderView {
		lines = List.copyOf(lines);
	}

	/**
	 * One line of an order view.
	 *
	 * @param sku the SKU
	 * @param quantity units
	 * @param unitPriceCents price per unit when ordered
	 * @param lineTotalCents unit price times quantity
	 */
	public record OrderLineView(String sku, int quantity, long unitPriceCents, long lineTotalCents) {
	}

}
