package dev.rvl.gatling.endpoints;

import dev.rvl.gatling.recorder.Recording;
import dev.rvl.gatling.scenarios.FedOrder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * Request builders of the order API (see shared-domain's {@code openapi.yaml}). Each
 * lists the recorder's capturing checks first, then checks status and problem type.
 */
public final class OrderEndpoints {

	/** Request names: in Gatling's report and in the recorded time series. */
	public static final String PLACE_ORDER = "place-order";

	public static final String GET_ORDER = "get-order";

	public static final String LIST_ORDERS = "list-orders";

	/** Session key of the placed order's {@code Location}. */
	public static final String ORDER_LOCATION = "orderLocation";

	private static final String PROBLEM_JSON = "application/problem+json";

	private OrderEndpoints() {
	}

	/**
	 * {@code POST /api/orders}: 201 with a {@code Location} and a confirmed order, or 422
	 * {@code /problems/fraud-rejected} for the customers the fraud check always rejects;
	 * anything else fails.
	 */
	public static HttpRequestActionBuilder placeOrder() {
		return http(PLACE_ORDER).post("/api/orders")
			.header("Content-Type", "application/json")
			.body(StringBody("#{" + FedOrder.BODY + "}"))
			.check(Recording.captures())
			.check(status().is((session) -> session.getBoolean(FedOrder.FRAUD_REJECTED) ? 422 : 201))
			.checkIf((response, session) -> response.status().code() == 201)
			.then(header("Location").saveAs(ORDER_LOCATION), jsonPath("$.status").is("CONFIRMED"))
			.checkIf((response, session) -> response.status().code() >= 400)
			.then(header("Content-Type").is(PROBLEM_JSON), jsonPath("$.type").is("/problems/fraud-rejected"));
	}

	/** {@code GET /api/orders/{id}} of the order just placed: 200 with its customer. */
	public static HttpRequestActionBuilder getOrder() {
		return http(GET_ORDER).get("#{" + ORDER_LOCATION + "}")
			.check(Recording.captures())
			.check(status().is(200),
					jsonPath("$.customerId").ofLong().is((session) -> session.getLong(FedOrder.CUSTOMER_ID)));
	}

	/**
	 * {@code GET /api/customers/{id}/orders?limit=20}: 200 with a non-empty array (the
	 * user just placed one).
	 */
	public static HttpRequestActionBuilder listCustomerOrders() {
		return http(LIST_ORDERS).get("/api/customers/#{" + FedOrder.CUSTOMER_ID + "}/orders?limit=20")
			.check(Recording.captures())
			.check(status().is(200), jsonPath("$[*].id").count().gte(1));
	}

}
