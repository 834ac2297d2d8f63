package dev.rvl.contract;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The settings an app under the contract suite runs with, the same for both apps: a
 * shorter partner deadline and pool wait so failure cases are quick, an admission limit
 * the overload case can reach, an adaptive limit that never falls below the suite's
 * concurrency, a queue budget a cold app meets, and the suite's own database and stub.
 * <p>
 * A test that starts an app in its JVM registers them the same way in both apps:
 *
 * <pre class="code">
 * &#64;SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
 * class SomeTests {
 *
 * 	static final TestDatabase DATABASE = TestDatabase.fresh("some_tests");
 *
 * 	&#64;LocalServerPort
 * 	int port;
 *
 * 	&#64;DynamicPropertySource
 * 	static void contractSettings(DynamicPropertyRegistry registry) {
 * 		ContractSettings.register(registry, DATABASE, Driver.JDBC);
 * 	}
 *
 * 	URI baseUrl() {
 * 		return ContractSettings.baseUrl(this.port);
 * 	}
 *
 * }
 * </pre>
 */
public final class ContractSettings {

	public static final Duration PARTNER_TIMEOUT = Duration.ofSeconds(1);

	public static final Duration POOL_ACQUIRE_TIMEOUT = Duration.ofMillis(500);

	public static final int MAX_IN_FLIGHT = 64;

	public static final int MIN_ADAPTIVE_LIMIT = 32;

	public static final Duration QUEUE_BUDGET = Duration.ofSeconds(2);

	/**
	 * The scheduling-lag guard's threshold: as the queue budget, long enough for a busy
	 * machine (and BlockHound) not to refuse a case's order; the guard itself is tested
	 * by {@link SchedulingLagContract} with the apps' own kind of threshold.
	 */
	public static final Duration MAX_LAG = QUEUE_BUDGET;

	public static final int POOL_SIZE = 20;

	/**
	 * How long a connection may idle or a request body stall (each app sets its server's
	 * own property): shorter than the apps' 60 s so the stalled-body case is quick,
	 * longer than any pause a test makes on purpose.
	 */
	public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(10);

	private ContractSettings() {
	}

	/** How an app connects to its database. */
	public enum Driver {

		/** Non-blocking, the reactive app. */
		R2DBC,

		/** Blocking, the Loom app. */
		JDBC

	}

	/**
	 * Registers the {@linkplain #properties properties} for an app a test starts in its
	 * JVM, with the shared partner stub, from the test's {@code @DynamicPropertySource}
	 * method.
	 * @param registry the test's registry
	 * @param database the test's database
	 * @param driver how the app connects to it
	 */
	public static void register(DynamicPropertyRegistry registry, TestDatabase database, Driver driver) {
		properties(database, PartnerStub.shared(), driver).forEach((name, value) -> registry.add(name, () -> value));
	}

	/**
	 * Where an app a test started on a random port of this machine listens.
	 * @param port the app's port ({@code @LocalServerPort})
	 * @return its base URL
	 */
	public static URI baseUrl(int port) {
		return URI.create("http://127.0.0.1:" + port);
	}

	/**
	 * The properties for an app under test.
	 * @param database the suite's database
	 * @param stub the partner stub
	 * @param driver how the app connects to its database
	 * @return Spring property names and values
	 */
	public static Map<String, String> properties(TestDatabase database, PartnerStub stub, Driver driver) {
		Map<String, String> properties = new LinkedHashMap<>();
		if (driver == Driver.R2DBC) {
			properties.put("spring.r2dbc.url", database.r2dbcUrl());
			properties.put("spring.r2dbc.username", database.user());
			properties.put("spring.r2dbc.password", database.password());
			properties.put("spring.flyway.url", database.jdbcUrl());
			properties.put("spring.flyway.user", database.user());
			properties.put("spring.flyway.password", database.password());
		}
		else {
			properties.put("spring.datasource.url", database.jdbcUrl());
			properties.put("spring.datasource.username", database.user());
			properties.put("spring.datasource.password", database.password());
			// Flyway gets a connection of its own rather than one from the pool, whose
			// short test acquire timeout a migration on a busy machine could miss.
			properties.put("spring.flyway.url", database.jdbcUrl());
			properties.put("spring.flyway.user", database.user());
			properties.put("spring.flyway.password", database.password());
		}
		properties.put("partner.base-url", stub.baseUrl().toString());
		properties.put("partner.timeout", PARTNER_TIMEOUT.toMillis() + "ms");
		properties.put("orders.max-in-flight", Integer.toString(MAX_IN_FLIGHT));
		// The adaptive limit learns from every case (a slow partner, a locked row); kept
		// above the suite's 24 racing orders, so no case is refused for what an earlier
		// one taught it. Its behaviour is tested in shared-domain and ResilienceContract.
		properties.put("orders.admission.min-limit", Integer.toString(MIN_ADAPTIVE_LIMIT));
		properties.put("orders.admission.max-lag", MAX_LAG.toMillis() + "ms");
		// A cold app's first order, on a busy machine, takes longer than the shipped 300
		// ms to reach its partner calls (class loading, the driver's first queries). The
		// budget is tested in shared-domain and, on the shipped settings, in
		// ResilienceContract.
		properties.put("orders.queue-budget", QUEUE_BUDGET.toMillis() + "ms");
		properties.put("db.pool-size", Integer.toString(POOL_SIZE));
		properties.put("db.acquire-timeout", POOL_ACQUIRE_TIMEOUT.toMillis() + "ms");
		properties.put("server.netty.idle-timeout", IDLE_TIMEOUT.toMillis() + "ms");
		properties.put("server.tomcat.connection-timeout", IDLE_TIMEOUT.toMillis() + "ms");
		return properties;
	}

}
