package dev.rvl.gatling.scenarios;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.LongStream;

import dev.rvl.domain.order.OrderRequestReader;
import dev.rvl.domain.order.OrderValidator;
import dev.rvl.domain.order.PlaceOrderRequest;
import dev.rvl.domain.seed.SeedData;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

class FedOrderTests {

	@Test
	void drawsTheSameOrdersEveryTime() {
		assertThat(FedOrder.at(12345)).isEqualTo(FedOrder.at(12345));
		assertThat(FedOrder.at(0).json())
			.isEqualTo("{\"customerId\":1,\"lines\":[{\"sku\":\"SKU-00001\",\"quantity\":1}]}");
	}

	@Test
	void visitsEveryCustomerOncePerCycleSoTwoPercentAreFraudRejected() {
		Set<Long> customers = new HashSet<>();
		long rejected = LongStream.range(0, SeedData.CUSTOMERS)
			.mapToObj(FedOrder::at)
			.peek((order) -> customers.add(order.customerId()))
			.filter(FedOrder::fraudRejected)
			.count();

		assertThat(customers).hasSize(SeedData.CUSTOMERS);
		assertThat(rejected).isEqualTo(SeedData.CUSTOMERS / 50);
	}

	@Test
	void placesOnlyValidOrdersOfSeededProducts() {
		LongStream.range(0, 3000).mapToObj(FedOrder::at).forEach((order) -> {
			PlaceOrderRequest request = OrderRequestReader.read(order.json().getBytes(StandardCharsets.UTF_8));
			assertThatNoException().isThrownBy(() -> OrderValidator.validate(request, null));
			assertThat(order.customerId()).isBetween(1L, (long) SeedData.CUSTOMERS);
			assertThat(order.lines()).hasSizeBetween(1, 3);
			assertThat(order.lines()).extracting(FedOrder.Line::sku).doesNotHaveDuplicates();
			order.lines().forEach((line) -> {
				assertThat(line.sku()).matches("SKU-\\d{5}");
				assertThat(Integer.parseInt(line.sku().substring(4))).isBetween(1, SeedData.PRODUCTS);
				assertThat(line.quantity()).isBetween(1, 3);
			});
		});
	}

	@Test
	void listsTheCustomersOrdersEveryTenthTime() {
		assertThat(LongStream.range(0, 1000).mapToObj(FedOrder::at).filter(FedOrder::listsOrders)).hasSize(100);
	}

	@Test
	void bulkBodiesAreTheNextOrdersOfTheSequence() {
		BulkFeeder feeder = new BulkFeeder(100);

		var first = feeder.next();
		var second = feeder.next();

		assertThat(((String) first.get(BulkFeeder.BODY)).lines()).hasSize(100).startsWith(FedOrder.at(0).json());
		assertThat(((String) second.get(BulkFeeder.BODY)).lines()).startsWith(FedOrder.at(100).json());
		long fraud = LongStream.range(0, 100).mapToObj(FedOrder::at).filter(FedOrder::fraudRejected).count();
		assertThat(first.get(BulkFeeder.EXPECTED_CREATED)).isEqualTo((int) (100 - fraud));
	}

}
