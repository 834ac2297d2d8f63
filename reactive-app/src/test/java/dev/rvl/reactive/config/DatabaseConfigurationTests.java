package dev.rvl.reactive.config;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.TestDatabase;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Wrapped;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pool is full when the app is ready, before any request asked for a connection (the
 * Loom app's twin checks HikariCP) - with an acquire timeout shorter than any connection
 * takes to open (the least r2dbc-pool accepts), as a cold JVM's first connections take
 * longer than the default one: opening a connection is bounded by
 * {@code db.connect-timeout}, not by the acquire timeout. And the driver asks for results
 * in binary format, as pgjdbc does for prepared statements.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class DatabaseConfigurationTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("reactive_pool_filled");

	@DynamicPropertySource
	static void settings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.R2DBC);
		registry.add("db.acquire-timeout", () -> "1ms");
	}

	@Autowired
	ConnectionFactory connectionFactory;

	@Value("${db.pool-size}")
	int poolSize;

	@Test
	void everyConnectionIsOpenBeforeTheFirstRequest() {
		assertThat(this.connectionFactory).isInstanceOf(ConnectionPool.class);
		ConnectionPool pool = (ConnectionPool) this.connectionFactory;

		assertThat(pool.getMetrics()).hasValueSatisfying((metrics) -> {
			assertThat(metrics.allocatedSize()).as("connections open").isEqualTo(this.poolSize);
			assertThat(metrics.acquiredSize()).as("connections in use").isZero();
		});
	}

	/**
	 * r2dbc-postgresql does not say per column which format a result came in, so this
	 * reads the driver's settings behind the pool ({@code forceBinary}; the Loom app's
	 * twin checks the format pgjdbc received).
	 */
	@Test
	void resultsArriveInBinaryFormat() {
		ConnectionFactory driver = ((ConnectionPool) this.connectionFactory).unwrap();
		while (!(driver instanceof PostgresqlConnectionFactory) && driver instanceof Wrapped<?> wrapper
				&& wrapper.unwrap() instanceof ConnectionFactory unwrapped) {
			driver = unwrapped; // Spring Boot's OptionsCapableConnectionFactory
		}

		assertThat(driver).as("the driver's connection factory")
			.isInstanceOf(PostgresqlConnectionFactory.class)
			.asString()
			.contains("forceBinary='true'");
	}

}
