package dev.rvl.reactive.config;

import dev.rvl.domain.config.DatabaseSettings;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.ConnectionFactory;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * r2dbc-pool as Spring Boot configures it from the {@code spring.r2dbc.pool.*} settings
 * (application.yml: a fixed-size pool of {@code db.pool-size} connections, like the Loom
 * app's HikariCP). The pool is full before the app reports ready
 * ({@link #poolFilledBeforeReady}). Opening a connection may take
 * {@code db.connect-timeout} ({@code max-create-connection-time}), as HikariCP's are
 * bounded by pgjdbc's connect and login timeouts only: bounded by the acquire timeout
 * (500 ms), a cold JVM's first connections failed and the warm-up with them.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

	private static final Log logger = LogFactory.getLog(DatabaseConfiguration.class);

	/**
	 * Opens the pool's connections before the app reports ready (runners run before
	 * readiness): r2dbc-pool opens its initial connections only at the first acquire, so
	 * the first order after a start waited for all of them to be opened - 341 ms on a
	 * slow machine, and the queue budget refused that order, on an idle app, as
	 * overloaded (Schemathesis found it). {@link ConnectionPool#warmup()}, on the
	 * starting thread, at most {@link DatabaseSettings#POOL_FILL_TIMEOUT} - blocking the
	 * main thread before readiness, as Spring's own {@code ConnectionFactoryInitializer}
	 * does for its scripts; no Reactor thread waits (the one {@code block} in main code,
	 * {@code NoBlockingCallsTests} names it); a database that cannot be reached yet
	 * leaves it to the first requests, as before. (The Loom app's twin waits for HikariCP
	 * to fill.)
	 */
	@Bean
	static ApplicationRunner poolFilledBeforeReady(ConnectionFactory connectionFactory) {
		return (arguments) -> {
			if (connectionFactory instanceof ConnectionPool pool) {
				try {
					pool.warmup().block(DatabaseSettings.POOL_FILL_TIMEOUT);
				}
				catch (RuntimeException ex) {
					// the database is not there yet: the pool opens connections on demand
					logger.warn("Could not open the pool's connections before ready: " + ex.getMessage());
				}
			}
		};
	}

}
