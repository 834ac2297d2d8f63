package dev.rvl.domain.order;

/**
 * A validated order line.
 *
 * @param sku the product SKU ({@code SKU-} and five digits)
 * @param quantity units, 1 to 100
 */
public record OrderLine(String sku, int quantity) {
}
