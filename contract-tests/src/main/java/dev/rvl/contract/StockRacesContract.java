package dev.rvl.contract;

import java.util.List;
import java.util.Map;

import dev.rvl.contract.Api.Response;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Orders racing for the same stock: no oversell, and no deadlock for orders that share
 * SKUs in opposite order.
 */
public interface StockRacesContract extends ContractBase {

	@Test
	default void keepsStockNonNegativeUnderConcurrentOrders() {
		database().setStock("SKU-00990", 5);

		List<Response> responses = api().placeConcurrently(24, (i) -> """
				{"customerId": %d, "lines": [{"sku": "SKU-00990", "quantity": 1}]}""".formatted(301 + i));

		Map<Integer, Long> statuses = statusCounts(responses);
		assertThat(statuses).as(statuses.toString()).containsEntry(201, 5L).containsEntry(409, 19L);
		assertThat(database().stock("SKU-00990")).isZero();
		assertThat(database().count("SELECT count(*) FROM order_line WHERE sku = 'SKU-00990'")).isEqualTo(5);
		database().reset();
	}

	@Test
	default void doesNotDeadlockOnOrdersSharingSkusInOppositeOrder() {
		List<Response> responses = api().placeConcurrently(24, (i) -> (i % 2 == 0)
				? """
						{"customerId": 42, "lines": [{"sku": "SKU-00980", "quantity": 1}, {"sku": "SKU-00981", "quantity": 1}]}"""
				: """
						{"customerId": 42, "lines": [{"sku": "SKU-00981", "quantity": 1}, {"sku": "SKU-00980", "quantity": 1}]}""");

		assertThat(statusCounts(responses)).isEqualTo(Map.of(201, 24L));
	}

}
