package dev.rvl.contract;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.rvl.contract.Api.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Partners that fail, answer without usable JSON, hang or are slow, set on the real stub
 * ({@link PartnerStub#faults}): 502 or 504 as the problem table says, for single orders
 * and bulk lines, and nothing written.
 */
public interface PartnerFaultsContract extends ContractBase {

	@Test
	default void answersPartnerErrorsWith502() {
		stub().faults("{\"errorRate\": 1.0, \"errorStatus\": 500}");

		assertProblem(withNothingWritten(() -> api().placeOrder(ORDER_42)), 502, "partner-unavailable");
	}

	/**
	 * A partner answering 200 without a body, or with one that is not JSON, is as
	 * unavailable as one answering 500: the reactive app used to answer 200 with an empty
	 * body (its zip of the two answers completed empty) or 500, the Loom app 500 or 502.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "emptyBodyRate", "brokenBodyRate" })
	default void answersAPartner200WithoutUsableJsonWith502(String fault) {
		stub().faults("{\"" + fault + "\": 1.0}");

		assertProblem(withNothingWritten(() -> api().placeOrder(ORDER_42)), 502, "partner-unavailable");
	}

	@ParameterizedTest
	@ValueSource(strings = { "emptyBodyRate", "brokenBodyRate" })
	default void answersEveryBulkLineWhenThePartnerSendsNoUsableJson(String fault) {
		stub().faults("{\"" + fault + "\": 1.0}");
		Map<Integer, JsonNode> results = new ConcurrentHashMap<>();

		withNothingWritten(() -> {
			try (BulkClient bulk = new BulkClient(baseUrl(), "application/x-ndjson",
					List.of(ORDER_42, ORDER_42).iterator(), 65536)) {
				assertThat(bulk.status()).isEqualTo(200);
				bulk.readLines((line) -> {
					JsonNode result = api().bulkResult(line);
					results.put(result.get("index").asInt(), result);
				});
			}
			return null;
		});

		assertThat(results.keySet()).containsExactlyInAnyOrder(0, 1);
		assertThat(results.values()).allSatisfy((result) -> {
			assertThat(result.get("status").asInt()).as(result.toString()).isEqualTo(502);
			assertThat(result.get("problem").get("type").asString()).isEqualTo("/problems/partner-unavailable");
		});
	}

	/**
	 * A partner that never answers: the order ends with 504 once the deadline has passed,
	 * not later. How much later is a matter of the machine, so it is not asserted here;
	 * the client's own timeout (30 s) bounds the wait.
	 */
	@Test
	default void answersAHangingPartnerWith504AfterTheDeadline() {
		stub().faults("{\"hangRate\": 1.0}");

		long start = System.nanoTime();
		Response response = withNothingWritten(() -> api().placeOrder(ORDER_42));
		Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

		assertProblem(response, 504, "partner-timeout");
		assertThat(elapsed).isGreaterThanOrEqualTo(ContractSettings.PARTNER_TIMEOUT);
	}

	@Test
	default void answersASlowPartnerWith504() {
		stub().faults("{\"addedLatencyMs\": 1500}");

		assertProblem(withNothingWritten(() -> api().placeOrder(ORDER_42)), 504, "partner-timeout");
	}

}
