package dev.rvl.contract;

import java.net.URI;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bulk upload that the app's shutdown (SIGTERM: Spring closes the context) catches
 * half-way. The request ends within the shutdown phase with a complete response and one
 * result line per line sent: the lines started before the shutdown placed (or refused) as
 * usual, every later one answered 503 {@code overloaded}, "The server is shutting down;
 * retry", without its order being placed, and every order placed has its 201 line.
 * Before, both apps went on placing orders until the shutdown phase ran out, then cut the
 * response off mid-stream (seen by hand: 20 s, the last chunk missing, and in the
 * reactive app two orders committed whose lines were never sent). The app runs in this
 * JVM, on a database of its own, started here rather than by Spring's test framework,
 * whose context cache would try to restart the context the test closes.
 */
public abstract class BulkShutdownContract {

	private static final int LINES = 20_000;

	/** Result lines read before the shutdown begins. */
	private static final int ANSWERED_BEFORE_SHUTDOWN = 500;

	private final Class<?> application;

	private final ContractSettings.Driver driver;

	private final String databaseName;

	private TestDatabase database;

	private ConfigurableApplicationContext app;

	/**
	 * @param application the app's main class
	 * @param driver how it connects to its database
	 * @param databaseName the name of its database
	 */
	protected BulkShutdownContract(Class<?> application, ContractSettings.Driver driver, String databaseName) {
		this.application = application;
		this.driver = driver;
		this.databaseName = databaseName;
	}

	@BeforeEach
	void startApp() {
		this.database = TestDatabase.fresh(this.databaseName);
		Map<String, String> properties = new HashMap<>(
				ContractSettings.properties(this.database, PartnerStub.shared(), this.driver));
		properties.put("server.port", "0");
		// As command-line arguments: above application.yml, as the test framework's are.
		this.app = new SpringApplicationBuilder(this.application).run(properties.entrySet()
			.stream()
			.map((property) -> "--" + property.getKey() + "=" + property.getValue())
			.toArray(String[]::new));
	}

	@AfterEach
	void closeApp() {
		this.app.close();
	}

	private URI baseUrl() {
		return ContractSettings.baseUrl(Integer.parseInt(this.app.getEnvironment().getProperty("local.server.port")));
	}

	private TestDatabase database() {
		return this.database;
	}

	/**
	 * Closes the app as SIGTERM does (its context, with the web server's graceful
	 * shutdown); returns once it is closed.
	 */
	private void shutDown() {
		this.app.close();
	}

	@Test
	void answersEveryBulkLineWhenTheAppShutsDownHalfWay() throws Exception {
		long ordersBefore = database().orders();
		Map<Integer, JsonNode> results = new ConcurrentHashMap<>();
		AtomicReference<CompletableFuture<Void>> closed = new AtomicReference<>();
		Api api = new Api(baseUrl());
		try (CapturedOutput output = CapturedOutput.start();
				BulkClient bulk = new BulkClient(baseUrl(), "application/x-ndjson", lines(), 16384)) {
			assertThat(bulk.status()).isEqualTo(200);
			bulk.readLines((line) -> {
				JsonNode result = api.bulkResult(line);
				assertThat(results.put(result.get("index").asInt(), result)).as("a second line for one index").isNull();
				if (results.size() == ANSWERED_BEFORE_SHUTDOWN) {
					closed.set(CompletableFuture.runAsync(this::shutDown));
				}
			});
			assertThat(closed.get()).as("the shutdown began, " + results.size() + " lines answered").isNotNull();
			closed.get().get(60, TimeUnit.SECONDS);

			assertThat(bulk.writeFailure()).as("the body sent to its end").isNull();
			assertThat(output.text()).as("the log")
				.contains("Graceful shutdown complete")
				.doesNotContain("Graceful shutdown aborted");
			assertThat(output.errors()).as("the app's log at ERROR").isEmpty();
		}

		assertThat(results.keySet()).as("one result line per line sent")
			.isEqualTo(Set.copyOf(IntStream.range(0, LINES).boxed().toList()));
		Map<Integer, Long> statuses = results.values()
			.stream()
			.collect(Collectors.groupingBy((r) -> r.get("status").asInt(), Collectors.counting()));
		assertThat(statuses.keySet()).as(statuses.toString()).isSubsetOf(201, 404, 503).contains(201, 503);
		assertThat(results.values()).filteredOn((r) -> r.get("status").asInt() == 503)
			.allSatisfy((r) -> assertThat(r.get("problem").get("detail").asString())
				.isEqualTo("The server is shutting down; retry"));
		assertThat(database().orders() - ordersBefore).as("orders placed").isEqualTo(statuses.getOrDefault(201, 0L));
	}

	/**
	 * Every 20th line an order of a known customer (placed: partner calls, the write),
	 * the others of unknown customers (a read each).
	 */
	private static Iterator<String> lines() {
		return IntStream.range(0, LINES)
			.mapToObj((i) -> "{\"customerId\": %d, \"lines\": [{\"sku\": \"SKU-%05d\", \"quantity\": 1}]}"
				.formatted((i % 20 == 0) ? 1 + (i / 20) % 49 : 900_000 + i, 1 + i % 900))
			.iterator();
	}

}
