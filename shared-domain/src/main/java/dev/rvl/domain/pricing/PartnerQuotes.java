package dev.rvl.domain.pricing;

/**
 * Both partner answers of one order, as the fan-out returns them.
 *
 * @param fraud the fraud score
 * @param shipping the shipping quote
 */
public record PartnerQuotes(FraudScore fraud, ShippingQuote shipping) {
}
