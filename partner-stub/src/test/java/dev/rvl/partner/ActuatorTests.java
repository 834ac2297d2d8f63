package dev.rvl.partner;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Actuator exposes health and a Prometheus scrape with the stub's own request latency
 * histogram, and nothing else.
 */
class ActuatorTests extends StubHttpTests {

	@Test
	void healthIsUp() throws Exception {
		var health = this.stub.get("/actuator/health");
		assertThat(health.status()).isEqualTo(200);
		assertThat(health.json().get("status").asString()).isEqualTo("UP");
	}

	@Test
	void prometheusScrapeHasALatencyHistogramPerPartnerEndpoint() throws Exception {
		assertThat(this.stub.get(fraudPath(1, 1)).status()).isEqualTo(200);
		assertThat(this.stub.get(shippingPath("DE", 1)).status()).isEqualTo(200);
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			var scrape = this.stub.get("/actuator/prometheus");
			assertThat(scrape.status()).isEqualTo(200);
			assertThat(scrape.body().lines().filter((line) -> line.startsWith("http_server_requests_seconds_bucket{")))
				.anyMatch((line) -> line.contains("uri=\"/fraud/score\""))
				.anyMatch((line) -> line.contains("uri=\"/shipping/quote\""));
		});
	}

	@ParameterizedTest
	@ValueSource(strings = { "/actuator/env", "/actuator/beans", "/actuator/metrics", "/actuator/info" })
	void otherEndpointsAreNotExposed(String path) throws Exception {
		assertThat(this.stub.get(path).status()).isEqualTo(404);
	}

}
