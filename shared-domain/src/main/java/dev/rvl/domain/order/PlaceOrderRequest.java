package dev.rvl.domain.order;

import java.util.List;

/**
 * An order as the client sent it, before validation; {@code null} where a value was
 * missing or of the wrong JSON type.
 *
 * @param customerId the customer placing the order
 * @param lines the order lines, in request order
 */
public record PlaceOrderRequest(Long customerId, List<OrderLineRequest> lines) {
}
