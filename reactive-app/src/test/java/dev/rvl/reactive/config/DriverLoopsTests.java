package dev.rvl.reactive.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.rvl.contract.TestDatabase;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pooled connections of the R2DBC driver are spread over the app's loops, one after
 * the other, when the pool is filled before readiness as the app does it
 * ({@code ConnectionPool.warmup()} from the starting thread): each connection answers a
 * query on the loop it lives on, and with two loops twenty connections answer on both,
 * ten each. Reactor Netty asks a loop group for {@code next()} twice per connect; before
 * {@link EventLoops.RoundRobinGroup} every other loop was skipped, and with two loops all
 * connections answered on one.
 */
class DriverLoopsTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("reactive_driver_loops");

	static final int LOOPS = 2;

	static final int POOL_SIZE = 20;

	private final EventLoops loops = new EventLoops("driver-loops-test", LOOPS);

	@AfterEach
	void dispose() {
		this.loops.dispose();
	}

	@Test
	void aFilledPoolsConnectionsAnswerOnEveryLoopInTurn() {
		ConnectionFactoryOptions options = ConnectionFactoryOptions.parse(DATABASE.r2dbcUrl())
			.mutate()
			.option(ConnectionFactoryOptions.USER, DATABASE.user())
			.option(ConnectionFactoryOptions.PASSWORD, DATABASE.password())
			.option(PostgresqlConnectionFactoryProvider.LOOP_RESOURCES, this.loops.driver())
			.build();
		ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(ConnectionFactories.get(options))
			.initialSize(POOL_SIZE)
			.maxSize(POOL_SIZE)
			.build());
		try {
			assertThat(pool.warmup().block(Duration.ofSeconds(30))).isEqualTo(POOL_SIZE);
			List<Connection> connections = Flux.range(0, POOL_SIZE)
				.flatMap((i) -> pool.create())
				.collectList()
				.block(Duration.ofSeconds(30));
			Map<String, Integer> connectionsByLoop = new TreeMap<>();
			for (Connection connection : connections) {
				String loop = Flux.from(connection.createStatement("SELECT 1").execute())
					.flatMap((result) -> result.map((row, metadata) -> Thread.currentThread().getName()))
					.blockLast(Duration.ofSeconds(10));
				connectionsByLoop.merge(loop, 1, Integer::sum);
			}
			Flux.fromIterable(connections).flatMap(Connection::close).blockLast(Duration.ofSeconds(10));

			assertThat(connectionsByLoop).as("connections by the loop their query answered on")
				.hasSize(LOOPS)
				.allSatisfy((loop, count) -> {
					assertThat(loop).startsWith("driver-loops-test-");
					assertThat(count).isEqualTo(POOL_SIZE / LOOPS);
				});
		}
		finally {
			pool.disposeLater().block(Duration.ofSeconds(10));
		}
	}

}
