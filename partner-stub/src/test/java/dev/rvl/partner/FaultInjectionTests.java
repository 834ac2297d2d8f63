package dev.rvl.partner;

import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rvl.partner.StubClient.Reply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Faults switched at run time through {@code /admin/faults} apply to every partner
 * endpoint, never to {@code /admin} or {@code /actuator}.
 */
class FaultInjectionTests extends StubHttpTests {

	private static final String DEFAULTS = """
			{"addedLatencyMs": 0, "errorRate": 0.0, "errorStatus": 500, "hangRate": 0.0, "emptyBodyRate": 0.0,
			"brokenBodyRate": 0.0}""";

	@Test
	void startsWithoutFaults() throws Exception {
		Reply reply = this.stub.get("/admin/faults");
		assertThat(reply.status()).isEqualTo(200);
		assertThat(reply.json()).isEqualTo(StubClient.json(DEFAULTS));
	}

	@Test
	void addedLatencyDelaysEveryPartnerEndpoint() throws Exception {
		Duration added = Duration.ofMillis(400);
		assertThat(this.stub.put("/admin/faults", "{\"addedLatencyMs\": 400}").status()).isEqualTo(200);
		Reply fraud = this.stub.get(fraudPath(3, 300));
		Reply shipping = this.stub.get(shippingPath("NL", 300));
		assertThat(fraud.status()).isEqualTo(200);
		assertThat(fraud.took()).isGreaterThanOrEqualTo(FRAUD_LATENCY.plus(added));
		assertThat(shipping.status()).isEqualTo(200);
		assertThat(shipping.took()).isGreaterThanOrEqualTo(SHIPPING_LATENCY.plus(added));
	}

	@Test
	void errorRateOneAnswersTheChosenStatusOnEveryPartnerEndpointAfterTheLatency() throws Exception {
		assertThat(this.stub.put("/admin/faults", "{\"errorRate\": 1.0, \"errorStatus\": 503}").status())
			.isEqualTo(200);
		List<Reply> replies = this.stub.getAll(List.of(fraudPath(1, 1), fraudPath(50, 1), shippingPath("US", 1),
				shippingPath("XX", 1), fraudPath(2, 2), shippingPath("DE", 2)));
		for (Reply reply : replies) {
			assertThat(reply.status()).isEqualTo(503);
			assertThat(reply.contentType()).startsWith("application/json");
			assertThat(reply.json()).isEqualTo(StubClient.json("{\"error\": \"injected fault\"}"));
			assertThat(reply.took()).isGreaterThanOrEqualTo(FRAUD_LATENCY);
		}
	}

	@Test
	void emptyBodyRateOneAnswers200WithoutABody() throws Exception {
		assertThat(this.stub.put("/admin/faults", "{\"emptyBodyRate\": 1.0}").status()).isEqualTo(200);
		for (Reply reply : this.stub.getAll(List.of(fraudPath(1, 1), shippingPath("DE", 1)))) {
			assertThat(reply.status()).isEqualTo(200);
			assertThat(reply.body()).isEmpty();
		}
	}

	@Test
	void brokenBodyRateOneAnswers200WithABodyThatIsNotJson() throws Exception {
		assertThat(this.stub.put("/admin/faults", "{\"brokenBodyRate\": 1.0}").status()).isEqualTo(200);
		for (Reply reply : this.stub.getAll(List.of(fraudPath(1, 1), shippingPath("DE", 1)))) {
			assertThat(reply.status()).isEqualTo(200);
			assertThat(reply.contentType()).startsWith("application/json");
			assertThat(reply.body()).isEqualTo("{\"score\": 1");
		}
	}

	@Test
	void errorRateHalfFailsSomeRequestsAndAnswersTheOthers() throws Exception {
		assertThat(this.stub.put("/admin/faults", "{\"errorRate\": 0.5}").status()).isEqualTo(200);
		List<Reply> replies = this.stub.getAll(Collections.nCopies(200, fraudPath(9, 900)));
		long failed = replies.stream().filter((reply) -> reply.status() == 500).count();
		long answered = replies.stream().filter((reply) -> reply.status() == 200).count();
		assertThat(failed + answered).isEqualTo(200);
		// Binomial(200, 0.5): standard deviation ~7, so 40..160 never flakes.
		assertThat(failed).isBetween(40L, 160L);
	}

	@Test
	void hangRateOneNeverAnswersSoTheClientTimesOut() throws Exception {
		assertThat(this.stub.put("/admin/faults", "{\"hangRate\": 1.0}").status()).isEqualTo(200);
		Duration timeout = Duration.ofSeconds(1);
		long start = System.nanoTime();
		assertThatExceptionOfType(HttpTimeoutException.class)
			.isThrownBy(() -> this.stub.get(fraudPath(4, 400), timeout));
		assertThatExceptionOfType(HttpTimeoutException.class)
			.isThrownBy(() -> this.stub.get(shippingPath("IT", 400), timeout));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(timeout.multipliedBy(2));
	}

	@Test
	void putWithSomeFieldsReplacesTheWholeSettingWithDefaultsForTheRest() throws Exception {
		Reply first = this.stub.put("/admin/faults", "{\"errorRate\": 0.25, \"addedLatencyMs\": 5}");
		assertThat(first.status()).isEqualTo(200);
		assertThat(first.json()).isEqualTo(
				StubClient.json("{\"addedLatencyMs\": 5, \"errorRate\": 0.25, \"errorStatus\": 500, \"hangRate\": 0.0, "
						+ "\"emptyBodyRate\": 0.0, \"brokenBodyRate\": 0.0}"));
		assertThat(this.stub.get("/admin/faults").json()).isEqualTo(first.json());

		Reply second = this.stub.put("/admin/faults", "{\"errorStatus\": 429}");
		assertThat(second.status()).isEqualTo(200);
		assertThat(second.json()).isEqualTo(
				StubClient.json("{\"addedLatencyMs\": 0, \"errorRate\": 0.0, \"errorStatus\": 429, \"hangRate\": 0.0, "
						+ "\"emptyBodyRate\": 0.0, \"brokenBodyRate\": 0.0}"));
		assertThat(this.stub.get("/admin/faults").json()).isEqualTo(second.json());

		Reply empty = this.stub.put("/admin/faults", "{}");
		assertThat(empty.status()).isEqualTo(200);
		assertThat(empty.json()).isEqualTo(StubClient.json(DEFAULTS));
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"addedLatencyMs\": -1}", "{\"addedLatencyMs\": 1.5}", "{\"errorRate\": 1.01}",
			"{\"errorRate\": -0.1}", "{\"hangRate\": 2}", "{\"hangRate\": -1}", "{\"errorStatus\": 399}",
			"{\"errorStatus\": 600}", "{\"errorStatus\": 200}", "{\"errorRate\": \"often\"}",
			"{\"errorRate\": \"0.5\"}", "{\"errorRate\": 0.5", "{\"errorrate\": 0.5}", "[]", "null", "42", "",
			"not json", "{} {}" })
	void invalidSettingIsRefusedWith400AndKeepsTheCurrentOne(String body) throws Exception {
		Reply valid = this.stub.put("/admin/faults", "{\"addedLatencyMs\": 7}");
		assertThat(valid.status()).isEqualTo(200);

		Reply refused = this.stub.put("/admin/faults", body);
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.contentType()).startsWith("application/json");
		assertThat(refused.json().propertyNames()).containsExactly("error");
		assertThat(this.stub.get("/admin/faults").json()).isEqualTo(valid.json());
	}

	@Test
	void deleteResetsToNoFaults() throws Exception {
		this.stub.put("/admin/faults", "{\"addedLatencyMs\": 10, \"errorRate\": 1.0, \"errorStatus\": 502}");
		assertThat(this.stub.get(fraudPath(5, 5)).status()).isEqualTo(502);

		Reply reset = this.stub.delete("/admin/faults");
		assertThat(reset.status()).isEqualTo(204);
		assertThat(reset.body()).isEmpty();
		assertThat(this.stub.get("/admin/faults").json()).isEqualTo(StubClient.json(DEFAULTS));
		assertThat(this.stub.get(fraudPath(5, 5)).status()).isEqualTo(200);
	}

	@Test
	void faultsLeaveAdminAndActuatorAlone() throws Exception {
		Duration timeout = Duration.ofSeconds(10);
		this.stub.put("/admin/faults", "{\"hangRate\": 1.0}");
		assertThat(this.stub.get("/admin/faults", timeout).status()).isEqualTo(200);
		assertThat(this.stub.get("/actuator/health", timeout).status()).isEqualTo(200);

		this.stub.put("/admin/faults", "{\"errorRate\": 1.0}");
		assertThat(this.stub.get("/admin/faults", timeout).status()).isEqualTo(200);
		assertThat(this.stub.get("/actuator/health", timeout).status()).isEqualTo(200);
		assertThat(this.stub.get("/actuator/prometheus", timeout).status()).isEqualTo(200);
		assertThat(this.stub.get(shippingPath("ES", 1), timeout).status()).isEqualTo(500);
	}

}
