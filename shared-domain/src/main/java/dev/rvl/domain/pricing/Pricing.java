package dev.rvl.domain.pricing;

import java.math.BigDecimal;
import java.math.RoundingMode;

import dev.rvl.domain.order.OrderDraft;

/**
 * The business rules of an order, in {@code long} cents. Pure: no I/O, no clock.
 * <ul>
 * <li>discount = subtotal &times; (tier rate + volume rate); SILVER 5 %, GOLD 10 %, plus
 * 2 % when the order holds 10 units or more (rates add, they do not compound);</li>
 * <li>shipping = the partner's quote, free when the discounted subtotal is 100.00 or
 * more;</li>
 * <li>tax = rate of the customer's country &times; (discounted subtotal + shipping);</li>
 * <li>discount and tax are each rounded to the cent, half to even;</li>
 * <li>a fraud score of 80 or more rejects the order.</li>
 * </ul>
 */
public final class Pricing {

	public static final RoundingMode ROUNDING = RoundingMode.HALF_EVEN;

	public static final int FRAUD_REJECT_SCORE = 80;

	public static final long FREE_SHIPPING_FROM_CENTS = 10_000;

	public static final int VOLUME_DISCOUNT_FROM_UNITS = 10;

	public static final int VOLUME_DISCOUNT_BASIS_POINTS = 200;

	private static final BigDecimal BASIS_POINTS_PER_UNIT = BigDecimal.valueOf(10_000);

	private Pricing() {
	}

	/** Prices a draft with the partners' answers, or rejects it on the fraud score. */
	public static PricingResult price(OrderDraft draft, PartnerQuotes quotes) {
		int fraudScore = quotes.fraud().score();
		if (fraudScore >= FRAUD_REJECT_SCORE) {
			return new PricingResult.FraudRejected(fraudScore);
		}
		long subtotal = draft.subtotalCents();
		long discount = percentOf(subtotal, discountBasisPoints(draft));
		long discounted = subtotal - discount;
		long shipping = (discounted >= FREE_SHIPPING_FROM_CENTS) ? 0 : quotes.shipping().costCents();
		long tax = percentOf(discounted + shipping, TaxRates.basisPoints(draft.customer().country()));
		return new PricingResult.Priced(draft, subtotal, discount, shipping, tax, discounted + shipping + tax,
				quotes.shipping().carrier(), fraudScore);
	}

	static int discountBasisPoints(OrderDraft draft) {
		int volume = (draft.totalQuantity() >= VOLUME_DISCOUNT_FROM_UNITS) ? VOLUME_DISCOUNT_BASIS_POINTS : 0;
		return draft.customer().tier().discountBasisPoints() + volume;
	}

	/** {@code cents * basisPoints / 10000}, rounded to the cent half to even. */
	static long percentOf(long cents, int basisPoints) {
		return BigDecimal.valueOf(cents)
			.multiply(BigDecimal.valueOf(basisPoints))
			.divide(BASIS_POINTS_PER_UNIT, 0, ROUNDING)
			.longValueExact();
	}

}
