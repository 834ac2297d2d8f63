package dev.rvl.domain.order;

/**
 * One line of an order as the client sent it; {@code null} where a value was missing or
 * of the wrong JSON type (the validator reports it).
 *
 * @param sku the product SKU
 * @param quantity the units wanted
 */
public record OrderLineRequest(String sku, Integer quantity) {
}
