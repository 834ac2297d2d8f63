package dev.rvl.contract;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.rvl.contract.Api.Response;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code Idempotency-Key}: a repeat replays the order, a reuse with another body is
 * refused, racing duplicates end with one order.
 */
public interface IdempotencyContract extends ContractBase {

	@Test
	default void replaysARepeatedIdempotencyKey() {
		String key = "replay-" + System.nanoTime();
		Response first = api().placeOrder(ORDER_42, "Idempotency-Key", key);
		long stock = database().stock("SKU-00017");

		Response replay = withNothingWritten(() -> api().placeOrder(ORDER_42, "Idempotency-Key", key));

		assertThat(first.status()).isEqualTo(201);
		assertThat(replay.status()).isEqualTo(200);
		assertThat(replay.json()).isEqualTo(first.json());
		assertThat(database().stock("SKU-00017")).isEqualTo(stock);
	}

	@Test
	default void rejectsAnIdempotencyKeyReusedWithAnotherBody() {
		String key = "reuse-" + System.nanoTime();
		assertThat(api().placeOrder(ORDER_42, "Idempotency-Key", key).status()).isEqualTo(201);

		Response reused = withNothingWritten(
				() -> api().placeOrder(ORDER_42.replace("\"quantity\": 2", "\"quantity\": 3"), "Idempotency-Key", key));

		assertProblem(reused, 422, "idempotency-key-reused");
	}

	@Test
	default void settlesRacingDuplicatesWithOneOrder() {
		String key = "race-" + System.nanoTime();
		long ordersBefore = database().orders();

		List<Response> responses = api().placeConcurrently(12, (i) -> ORDER_42, "Idempotency-Key", key);

		assertThat(database().orders()).isEqualTo(ordersBefore + 1);
		assertThat(database().count("SELECT count(*) FROM purchase_order WHERE idempotency_key = ?", key)).isOne();
		assertThat(responses).filteredOn((r) -> r.status() == 201).hasSize(1);
		Set<String> ids = responses.stream()
			.filter((r) -> r.status() != 409)
			.map((r) -> r.json().get("id").asString())
			.collect(Collectors.toSet());
		assertThat(ids).hasSize(1);
		assertThat(responses).allSatisfy((r) -> {
			assertThat(r.status()).as(r.body()).isIn(200, 201, 409);
			if (r.status() == 409) {
				assertThat(r.problemType()).isEqualTo("/problems/idempotency-key-in-progress");
			}
		});
	}

}
