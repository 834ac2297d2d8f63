package dev.rvl.domain.order;

/**
 * A product as stored.
 *
 * @param sku the SKU, e.g. {@code SKU-00017}
 * @param name display name
 * @param priceCents unit price in cents, &gt; 0
 * @param stock units on hand, &ge; 0
 * @param weightGrams unit weight in grams, &gt; 0
 */
public record Product(String sku, String name, long priceCents, int stock, int weightGrams) {
}
