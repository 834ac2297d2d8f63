package dev.rvl.contract;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import dev.rvl.contract.Api.Response;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Served documents and observability: the shared OpenAPI description, no request log by
 * default, health probes and the order metrics and nothing else of the actuator.
 */
public interface ObservabilityContract extends ContractBase {

	@Test
	default void servesTheSharedOpenApiDescription() throws IOException {
		Response response = api().get("/openapi.yaml");

		assertThat(response.status()).isEqualTo(200);
		try (InputStream shared = getClass().getClassLoader().getResourceAsStream("META-INF/resources/openapi.yaml")) {
			assertThat(shared).isNotNull();
			assertThat(response.body()).isEqualTo(new String(shared.readAllBytes(), StandardCharsets.UTF_8));
		}
	}

	/**
	 * No request log unless switched on ({@code access-log.enabled}; AccessLogContract).
	 */
	@Test
	default void writesNoRequestLogByDefault() {
		assumeTrue(appRunsInThisJvm(), "the app's log is read in this JVM");
		try (CapturedOutput output = CapturedOutput.start()) {
			assertThat(api().get("/api/orders/not-an-id").status()).isEqualTo(400);

			assertThat(output.text()).doesNotContain("access-log").doesNotContain("/api/orders/not-an-id");
		}
	}

	@Test
	default void exposesHealthProbesAndOrderMetricsOnly() {
		assertThat(api().placeOrder(ORDER_42).status()).isEqualTo(201);

		assertThat(api().get("/actuator/health/liveness").status()).isEqualTo(200);
		assertThat(api().get("/actuator/health/readiness").status()).isEqualTo(200);
		String metrics = api().get("/actuator/prometheus").body();
		assertThat(metrics).contains("orders_in_flight", "orders_bulk_queue_depth", "partner_calls_in_flight",
				"orders_placed_total{outcome=\"created\"", "http_server_requests_seconds_bucket");
		assertThat(metrics).containsAnyOf("hikaricp_connections_active", "r2dbc_pool_acquired_connections");
		assertThat(api().get("/actuator/env").status()).isEqualTo(404);
		assertThat(api().get("/actuator/beans").status()).isEqualTo(404);
	}

}
