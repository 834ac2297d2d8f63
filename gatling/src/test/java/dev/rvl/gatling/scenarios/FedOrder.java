package dev.rvl.gatling.scenarios;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.rvl.domain.seed.SeedData;

/**
 * One order a virtual user places, drawn deterministically from the seed.
 *
 * @param customerId a seeded customer
 * @param lines one to three distinct seeded SKUs
 * @param fraudRejected whether the partner always rejects this customer (expect 422)
 * @param listsOrders whether the user also lists the customer's orders afterwards
 */
public record FedOrder(long customerId, List<Line> lines, boolean fraudRejected, boolean listsOrders) {

	/** Session keys the endpoints read. */
	public static final String CUSTOMER_ID = "customerId";

	public static final String BODY = "orderBody";

	public static final String FRAUD_REJECTED = "fraudRejected";

	public static final String LISTS_ORDERS = "listsOrders";

	/**
	 * Every customer once per cycle of this many orders (7919 is prime, so coprime with
	 * it).
	 */
	private static final long CUSTOMER_STRIDE = 7919;

	public FedOrder {
		lines = List.copyOf(lines);
	}

	/** The order number {@code index} of the deterministic sequence. */
	public static FedOrder at(long index) {
		long customerId = 1 + Math.floorMod(index * CUSTOMER_STRIDE, SeedData.CUSTOMERS);
		int lineCount = SeedData.lineCount(index);
		List<Line> lines = new java.util.ArrayList<>(lineCount);
		for (int k = 0; k < lineCount; k++) {
			lines.add(new Line(SeedData.lineSku(index * 131, k), 1 + (int) Math.floorMod(index + k, 3L)));
		}
		return new FedOrder(customerId, lines, SeedData.alwaysFraudRejected(customerId),
				Math.floorMod(index, 10L) == 9);
	}

	/** The request body of {@code POST /api/orders}. */
	public String json() {
		return this.lines.stream()
			.map((line) -> "{\"sku\":\"" + line.sku() + "\",\"quantity\":" + line.quantity() + "}")
			.collect(Collectors.joining(",", "{\"customerId\":" + this.customerId + ",\"lines\":[", "]}"));
	}

	Map<String, Object> toSession() {
		return Map.of(CUSTOMER_ID, this.customerId, BODY, json(), FRAUD_REJECTED, this.fraudRejected, LISTS_ORDERS,
				this.listsOrders);
	}

	/**
	 * An order line.
	 *
	 * @param sku a seeded SKU
	 * @param quantity 1 to 3
	 */
	public record Line(String sku, int quantity) {
	}

}
