package dev.rvl.reactive.order;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.TestDatabase;
import dev.rvl.reactive.NoDroppedErrors;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.R2dbcTransientResourceException;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A query cancelled at any moment - as a client that goes away cancels the one its order
 * is running - gives back its connection and every buffer it encoded. The cancellation
 * comes from another thread than the connection's loop, where the driver encodes the bind
 * parameters: r2dbc-postgresql 1.1.3 dropped them unreleased when it arrived while they
 * were being collected, which {@code NoBufferLeaks} reports and fails this class for (two
 * leaked buffers in each run of 20,000 cancelled queries before
 * {@code OrderRepository#releasingDroppedParameters}; one in a CI run of the contract
 * suite). The Loom app has no twin: a JDBC query is not cancelled by its caller (see the
 * README, "Client disconnects").
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class CancelledQueriesTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("reactive_cancelled_queries");

	/** Enough for the cancellation to land inside the encoding many times. */
	static final int QUERIES = 20_000;

	/**
	 * A query takes a few hundred microseconds; the cancellation lands anywhere in it.
	 */
	static final long LONGEST_WAIT_NANOS = 200_000;

	@DynamicPropertySource
	static void settings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.R2DBC);
	}

	@Autowired
	OrderRepository repository;

	@Autowired
	ConnectionFactory connectionFactory;

	@Test
	void aQueryCancelledAtAnyMomentGivesBackItsConnectionAndItsBuffers() {
		NoDroppedErrors.tolerate(R2dbcTransientResourceException.class,
				"queries started far faster than PostgreSQL answers fill a connection's request queue, "
						+ "and the driver refuses one already cancelled");
		for (int i = 0; i < QUERIES; i++) {
			// two numeric parameters, each encoded into a buffer of its own; a query the
			// driver refuses (its request queue full) fails: what a cancel leaves behind
			// is what this test checks
			Disposable query = this.repository.listOrders(1, 10).subscribe(null, (ex) -> {
			});
			spin(ThreadLocalRandom.current().nextLong(LONGEST_WAIT_NANOS));
			query.dispose();
		}

		ConnectionPool pool = (ConnectionPool) this.connectionFactory;
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(pool.getMetrics())
				.hasValueSatisfying((metrics) -> assertThat(metrics.acquiredSize()).as("connections in use").isZero()));
		assertThat(this.repository.findCustomer(1).block(Duration.ofSeconds(10))).as("a query after them")
			.isNotNull()
			.satisfies((customer) -> assertThat(customer.id()).isEqualTo(1));
	}

	private static void spin(long nanos) {
		long end = System.nanoTime() + nanos;
		while (System.nanoTime() < end) {
			Thread.onSpinWait();
		}
	}

}
