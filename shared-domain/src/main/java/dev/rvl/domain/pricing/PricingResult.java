package dev.rvl.domain.pricing;

import dev.rvl.domain.order.OrderDraft;

/**
 * What pricing decides: the order is priced, or the fraud check rejects it.
 */
public sealed interface PricingResult {

	/**
	 * A priced order;
	 * {@code totalCents = subtotalCents - discountCents + shippingCents + taxCents}.
	 *
	 * @param draft the order and its rows
	 * @param subtotalCents sum of the line totals
	 * @param discountCents tier plus volume discount
	 * @param shippingCents the quote, or 0 when shipping is free
	 * @param taxCents tax on the discounted subtotal plus shipping
	 * @param totalCents what the customer pays
	 * @param carrier who ships
	 * @param fraudScore the partner's score
	 */
	record Priced(OrderDraft draft, long subtotalCents, long discountCents, long shippingCents, long taxCents,
			long totalCents, String carrier, int fraudScore) implements PricingResult {
	}

	/**
	 * The fraud check rejected the order.
	 *
	 * @param score the partner's score, 80 or more
	 */
	record FraudRejected(int score) implements PricingResult {
	}

}
