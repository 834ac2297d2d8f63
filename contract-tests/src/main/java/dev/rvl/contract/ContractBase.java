package dev.rvl.contract;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import dev.rvl.contract.Api.Response;
import dev.rvl.testsupport.PrometheusText;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

/**
 * What every part of the order API's contract stands on: where the app listens, its
 * database, the partner stub, the current test's client, and the checks the parts share.
 * Each part is an interface of default test methods, one concern each;
 * {@link OrderApiContract} runs them all, and gives each test a client of its own.
 */
public interface ContractBase {

	String ORDER_42 = """
			{"customerId": 42, "lines": [{"sku": "SKU-00017", "quantity": 2}, {"sku": "SKU-00003", "quantity": 1}]}""";

	/**
	 * How long a test waits for an answer that must come: a liveness bound, not a latency
	 * requirement (timings belong to the benchmark), so generous enough for a busy
	 * machine.
	 */
	Duration LIVENESS_TIMEOUT = Duration.ofSeconds(30);

	/** Where the app under test listens. */
	URI baseUrl();

	/** The app's database. */
	TestDatabase database();

	/**
	 * The current test's client: it validates every answer against the OpenAPI
	 * description, and the test fails on any that breaks it.
	 */
	Api api();

	/** Whether the app runs in this JVM (heap measurements need it). */
	default boolean appRunsInThisJvm() {
		return true;
	}

	default PartnerStub stub() {
		return PartnerStub.shared();
	}

	/**
	 * Runs a request that must fail and checks it left no order, line or stock change
	 * behind.
	 */
	default Response withNothingWritten(Supplier<Response> request) {
		long orders = database().orders();
		long lines = database().orderLines();
		long stock = database().totalStock();
		Response response = request.get();
		assertThat(database().orders()).as("orders after " + response).isEqualTo(orders);
		assertThat(database().orderLines()).as("order lines after " + response).isEqualTo(lines);
		assertThat(database().totalStock()).as("stock after " + response).isEqualTo(stock);
		return response;
	}

	default void assertProblem(Response response, int status, String kind) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
		assertThat(response.contentType()).startsWith("application/problem+json");
		JsonNode problem = response.json();
		assertThat(problem.get("type").asString()).isEqualTo("/problems/" + kind);
		assertThat(problem.get("status").asInt()).isEqualTo(status);
		assertThat(problem.get("title").asString()).isNotBlank();
		assertThat(problem.get("detail").asString()).isNotBlank();
	}

	/**
	 * The value of an ungauged-by-labels metric in {@code /actuator/prometheus}, e.g.
	 * {@code orders_in_flight}.
	 */
	default double metric(String name) {
		for (String line : api().get("/actuator/prometheus").body().split("\n")) {
			if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
				return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
			}
		}
		throw new IllegalStateException("No metric " + name);
	}

	/**
	 * The sum of a metric's series in {@code /actuator/prometheus} whose labels include
	 * the given ones, or 0 when there is none yet.
	 */
	default double metricSum(String name, Map<String, String> labels) {
		return PrometheusText.parse(api().get("/actuator/prometheus").body())
			.sum(name, (values) -> values.entrySet().containsAll(labels.entrySet()))
			.orElse(0);
	}

	/**
	 * Waits until no {@code /api/} request is in flight: what an earlier test left behind
	 * (an order whose client gave up, still waiting for a lock or a partner) has
	 * finished, so a test that counts in-flight requests counts only its own.
	 */
	default void awaitNothingInFlight() {
		await("no request left in flight by an earlier test").atMost(LIVENESS_TIMEOUT)
			.until(() -> metric("orders_in_flight"), equalTo(0.0));
	}

	/**
	 * Opens a connection of its own and sends an order on it, not reading the answer: for
	 * a test that closes the connection as a client that goes away would.
	 */
	default Socket sendOrderOnASocket(String order) throws IOException {
		Socket client = new Socket(baseUrl().getHost(), baseUrl().getPort());
		client.getOutputStream()
			.write(("POST /api/orders HTTP/1.1\r\nHost: " + baseUrl().getHost()
					+ "\r\nContent-Type: application/json\r\nContent-Length: " + order.length() + "\r\n\r\n" + order)
				.getBytes(StandardCharsets.UTF_8));
		return client;
	}

	default Map<Integer, Long> statusCounts(List<Response> responses) {
		return responses.stream().collect(Collectors.groupingBy(Response::status, Collectors.counting()));
	}

}
