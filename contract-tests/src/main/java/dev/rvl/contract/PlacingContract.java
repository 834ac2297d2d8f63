package dev.rvl.contract;

import java.util.ArrayList;
import java.util.List;

import dev.rvl.contract.Api.Response;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Placing orders, the pricing arithmetic end to end (docs/design.md §2): discounts,
 * shipping, rounding and tax as the shared rules compute them, and the orders read back
 * and listed.
 */
public interface PlacingContract extends ContractBase {

	@Test
	default void placesAnOrderPricedByTheRules() {
		Response response = api().placeOrder(ORDER_42);

		assertThat(response.status()).as(response.body()).isEqualTo(201);
		JsonNode order = response.json();
		assertThat(response.header("Location")).isEqualTo("/api/orders/" + order.get("id").asString());
		assertThat(response.contentType()).startsWith("application/json");
		assertThat(order.get("id").asString())
			.matches("[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
		assertThat(order.get("customerId").asLong()).isEqualTo(42);
		assertThat(order.get("status").asString()).isEqualTo("CONFIRMED");
		assertThat(order.get("lines").toString()).isEqualTo("""
				[{"sku":"SKU-00017","quantity":2,"unitPriceCents":14822,"lineTotalCents":29644},\
				{"sku":"SKU-00003","quantity":1,"unitPriceCents":3956,"lineTotalCents":3956}]""");
		// STANDARD customer in NL: no discount, free shipping from 100.00, 21 % tax.
		assertAmounts(order, 33600, 0, 0, 7056, 40656);
		assertThat(order.get("carrier").asString()).isEqualTo("PostNL");
		assertThat(order.get("fraudScore").asInt()).isEqualTo(30);
		assertThat(order.get("createdAt").asString()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
	}

	@Test
	default void appliesTierAndVolumeDiscountsAndChargesShipping() {
		Response response = api().placeOrder(
				"""
						{"customerId": 40, "lines": [{"sku": "SKU-00197", "quantity": 6}, {"sku": "SKU-00543", "quantity": 4}]}""");

		assertThat(response.status()).as(response.body()).isEqualTo(201);
		// GOLD 10 % + volume 2 % of 23.16 = 2.7792 -> 2.78; DHL 4.99 + 15 kg x 0.99; DE
		// 19 % of 40.22.
		assertAmounts(response.json(), 2316, 278, 1984, 764, 4786);
		assertThat(response.json().get("carrier").asString()).isEqualTo("DHL");
	}

	@Test
	default void roundsHalfToEvenAndTaxesByCountry() {
		Response response = api().placeOrder("""
				{"customerId": 13, "lines": [{"sku": "SKU-00048", "quantity": 1}]}""");

		assertThat(response.status()).as(response.body()).isEqualTo(201);
		// SILVER 5 % of 3.11 = 0.1555 -> 0.16; InPost 3.99 + 2 kg x 0.79; PL 23 % of 8.52
		// = 1.9596.
		assertAmounts(response.json(), 311, 16, 557, 196, 1048);
	}

	@Test
	default void readsAnOrderBack() {
		Response placed = api().placeOrder(ORDER_42);

		Response read = api().get(placed.header("Location"));

		assertThat(read.status()).isEqualTo(200);
		assertThat(read.json()).isEqualTo(placed.json());
	}

	@Test
	default void listsACustomersOrdersNewestFirst() {
		List<String> ids = new ArrayList<>();
		for (int i = 1; i <= 3; i++) {
			Response placed = api().placeOrder("""
					{"customerId": 77, "lines": [{"sku": "SKU-0000%d", "quantity": 1}]}""".formatted(i));
			assertThat(placed.status()).as(placed.body()).isEqualTo(201);
			ids.add(0, placed.json().get("id").asString());
		}

		Response limited = api().get("/api/customers/77/orders?limit=2");
		Response all = api().get("/api/customers/77/orders");

		assertThat(limited.status()).isEqualTo(200);
		assertThat(ids(limited)).containsExactlyElementsOf(ids.subList(0, 2));
		assertThat(ids(all)).startsWith(ids.toArray(String[]::new));
		assertThat(all.json().get(0)).isEqualTo(api().get("/api/orders/" + ids.get(0)).json());
	}

	@Test
	default void listsNoOrdersForACustomerWithoutAny() {
		Response response = api().get("/api/customers/9999/orders");

		assertThat(response.status()).isEqualTo(200);
		assertThat(response.json().isArray()).isTrue();
		assertThat(response.json().size()).isZero();
	}

	private static void assertAmounts(JsonNode order, long subtotal, long discount, long shipping, long tax,
			long total) {
		assertThat(List.of(order.get("subtotalCents").asLong(), order.get("discountCents").asLong(),
				order.get("shippingCents").asLong(), order.get("taxCents").asLong(), order.get("totalCents").asLong()))
			.as("subtotal, discount, shipping, tax, total")
			.containsExactly(subtotal, discount, shipping, tax, total);
	}

	private static List<String> ids(Response list) {
		List<String> ids = new ArrayList<>();
		list.json().forEach((order) -> ids.add(order.get("id").asString()));
		return ids;
	}

}
