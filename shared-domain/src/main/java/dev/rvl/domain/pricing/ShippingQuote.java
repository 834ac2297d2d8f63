package dev.rvl.domain.pricing;

/**
 * The shipping partner's answer.
 *
 * @param carrier who ships
 * @param costCents the shipping cost before the free-shipping rule
 * @param days delivery days
 */
public record ShippingQuote(String carrier, long costCents, int days) {
}
