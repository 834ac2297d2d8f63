package dev.rvl.partner;

/**
 * Answer of {@code GET /shipping/quote}.
 *
 * @param carrier who delivers
 * @param costCents what it costs
 * @param days how long it takes
 */
record ShippingQuote(String carrier, long costCents, int days) {
}
