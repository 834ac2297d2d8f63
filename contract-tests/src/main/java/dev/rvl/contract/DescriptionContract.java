package dev.rvl.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import dev.rvl.contract.Api.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What real clients send: the OpenAPI description and the app's validation agree at the
 * edge of every rule, and requests a fuzzer found the apps mishandling are answered as
 * any client would expect.
 */
public interface DescriptionContract extends ContractBase {

	/**
	 * Orders at the edges of every rule the shared validator enforces. Each is checked
	 * against the OpenAPI description by the validating library first: what the
	 * description allows must not be refused as a bad request, what it forbids must be.
	 */
	static List<String> ordersAtTheEdgesOfTheDescription() {
		String fiftyLines = IntStream.rangeClosed(1, 50)
			.mapToObj((i) -> "{\"sku\": \"SKU-%05d\", \"quantity\": 1}".formatted(i))
			.collect(Collectors.joining(", "));
		String fiftyOneLines = fiftyLines + ", {\"sku\": \"SKU-00051\", \"quantity\": 1}";
		List<String> orders = new ArrayList<>();
		for (String quantity : List.of("0", "1", "100", "101", "3.0", "1e2", "2.5", "\"3\"", "null", "-1")) {
			orders.add("{\"customerId\": 42, \"lines\": [{\"sku\": \"SKU-00017\", \"quantity\": %s}]}"
				.formatted(quantity));
		}
		for (String customerId : List.of("0", "-1", "42.0", "\"42\"", "4.2e1", "42.5", "9223372036854775808")) {
			orders.add("{\"customerId\": %s, \"lines\": [{\"sku\": \"SKU-00017\", \"quantity\": 1}]}"
				.formatted(customerId));
		}
		for (String sku : List.of("SKU-0001", "SKU-000001", "sku-00017", "SKU-0001x", " SKU-00017", "SKU-99999")) {
			orders.add("{\"customerId\": 42, \"lines\": [{\"sku\": \"%s\", \"quantity\": 1}]}".formatted(sku));
		}
		orders.add("{\"customerId\": 42, \"lines\": []}");
		orders.add("{\"customerId\": 42, \"lines\": [%s]}".formatted(fiftyLines));
		orders.add("{\"customerId\": 42, \"lines\": [%s]}".formatted(fiftyOneLines));
		orders.add("{\"lines\": [{\"sku\": \"SKU-00017\", \"quantity\": 1}]}");
		orders.add("{\"customerId\": 42}");
		orders.add("{\"customerId\": 42, \"lines\": [{\"sku\": \"SKU-00017\"}]}");
		orders.add("{\"customerId\": 42, \"note\": {\"any\": [1, 2]}, \"lines\": [{\"sku\": \"SKU-00017\", "
				+ "\"quantity\": 1, \"gift\": true}]}");
		return orders;
	}

	@ParameterizedTest
	@MethodSource("ordersAtTheEdgesOfTheDescription")
	default void acceptsExactlyTheOrdersTheDescriptionAllows(String order) {
		List<String> described = OpenApiDescription.shared()
			.requestViolations("POST", "/api/orders", Map.of("Content-Type", "application/json"), order);

		Response response = api().placeOrder(order);

		if (described.isEmpty()) {
			assertThat(response.status()).as("allowed by the description, answered " + response).isIn(201, 422);
		}
		else {
			assertThat(response.status()).as("forbidden by the description " + described + ", answered " + response)
				.isEqualTo(400);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "k", "a-b_C9", "64", "65", "with space", "dot.ted", "" })
	default void acceptsExactlyTheIdempotencyKeysTheDescriptionAllows(String given) {
		String key = switch (given) {
			case "64" -> ("k" + System.nanoTime() + "x".repeat(64)).substring(0, 64);
			case "65" -> ("k" + System.nanoTime() + "x".repeat(65)).substring(0, 65);
			case "k", "a-b_C9" -> given + System.nanoTime();
			default -> given;
		};
		boolean described = OpenApiDescription.shared()
			.requestViolations("POST", "/api/orders",
					Map.of("Content-Type", "application/json", "Idempotency-Key", key), ORDER_42)
			.isEmpty();

		Response response = api().placeOrder(ORDER_42, "Idempotency-Key", key);

		assertThat(response.status()).as("'" + key + "' described as " + (described ? "valid" : "invalid"))
			.isEqualTo(described ? 201 : 400);
	}

	@ParameterizedTest
	@ValueSource(strings = { "limit=1", "limit=100", "limit=0", "limit=101", "limit=abc", "limit=", "limit",
			"limit=5&limit=6", "other=1", "=true", "limit=2&=x&&", "limit=1e1", "limit=2.0" })
	default void acceptsExactlyTheListQueriesTheDescriptionAllows(String query) {
		boolean described = OpenApiDescription.shared()
			.requestViolations("GET", "/api/customers/42/orders?" + query, Map.of(), null)
			.isEmpty()
				// two values for one parameter are not a list of limits: the description
				// says the parameter is given at most once.
				&& !query.contains("limit=5&limit=6");

		Response response = api().get("/api/customers/42/orders?" + query);

		if (described) {
			assertThat(response.status()).as(query + " -> " + response).isEqualTo(200);
		}
		else {
			assertProblem(response, 400, "validation");
			assertThat(response.json().get("violations").get(0).get("field").asString()).isEqualTo("limit");
		}
	}

	/**
	 * A query parameter with an empty name ({@code ?=true}) is just another unknown
	 * parameter: ignored, as any client would expect (an OpenAPI fuzzer found the Loom
	 * app answering 500: Tomcat's parameter parser rejects it).
	 */
	@Test
	default void ignoresAQueryParameterWithoutAName() {
		Response response = api().get("/api/customers/42/orders?=true");

		assertThat(response.status()).as(response.body()).isEqualTo(200);
		assertThat(response.json().isArray()).isTrue();
	}

	/**
	 * A GET that says its (absent) body is multipart without a boundary: the API reads no
	 * multipart anywhere, so the header changes nothing (an OpenAPI fuzzer found the Loom
	 * app answering 500: Spring MVC tried to parse the body as multipart).
	 */
	@ParameterizedTest
	@ValueSource(strings = { "/api/orders/0190a7b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b", "/api/customers/42/orders" })
	default void ignoresAMultipartContentTypeOnAGet(String path) {
		Response plain = api().get(path);

		Response multipart = api().get(path, "Content-Type", "multipart/form-data");

		assertThat(multipart.status()).as(multipart.body()).isEqualTo(plain.status());
		assertThat(multipart.body()).isEqualTo(plain.body());
	}

	/**
	 * {@code /api/orders/bulk} takes POST only: OPTIONS must not advertise GET (the
	 * {@code {id}} of {@code GET /api/orders/{id}} matched "bulk"), and GET is 405.
	 */
	@Test
	default void advertisesOnlyTheMethodsOfTheBulkEndpoint() {
		Response options = api().send("OPTIONS", "/api/orders/bulk");

		assertThat(options.status()).isEqualTo(200);
		assertThat(allowed(options)).contains("POST").doesNotContain("GET", "HEAD", "PUT", "DELETE");
		// OpenAPI matches the concrete path /api/orders/bulk before /api/orders/{id}, so
		// GET is not described there and 405 is right; the validating library matches the
		// template instead, hence a client that does not check this one answer.
		Response get = new Api(baseUrl()).get("/api/orders/bulk");
		assertProblem(get, 405, "method-not-allowed");
		assertThat(allowed(get)).contains("POST").doesNotContain("GET");
	}

	private static List<String> allowed(Response response) {
		String allow = response.header("Allow");
		assertThat(allow).as("Allow header of " + response).isNotNull();
		return List.of(allow.replace(" ", "").split(","));
	}

}
