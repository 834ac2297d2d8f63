package dev.rvl.gatling.scenarios;

import dev.rvl.gatling.endpoints.OrderEndpoints;
import dev.rvl.gatling.recorder.Recording;
import io.gatling.javaapi.core.ScenarioBuilder;

import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * The shopper: places an order, reads it back when it was created, and every tenth time
 * lists the customer's orders. About 2.1 requests per order; 2 % of orders are expected
 * fraud rejections (422), which count as successes.
 */
public final class OrderFlow {

	private OrderFlow() {
	}

	public static ScenarioBuilder shopper() {
		return scenario("shopper").feed(new OrderFeeder())
			.exec(Recording.recorded(OrderEndpoints.PLACE_ORDER, OrderEndpoints.placeOrder()))
			.doIf((session) -> session.contains(OrderEndpoints.ORDER_LOCATION))
			.then(Recording.recorded(OrderEndpoints.GET_ORDER, OrderEndpoints.getOrder()))
			.doIf((session) -> session.getBoolean(FedOrder.LISTS_ORDERS))
			.then(Recording.recorded(OrderEndpoints.LIST_ORDERS, OrderEndpoints.listCustomerOrders()));
	}

}
