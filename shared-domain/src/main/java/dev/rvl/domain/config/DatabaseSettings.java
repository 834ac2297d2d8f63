package dev.rvl.domain.config;

import java.time.Duration;

/**
 * The {@code db.*} settings both apps map onto their pool (HikariCP, r2dbc-pool).
 *
 * @param poolSize connections at most
 * @param acquireTimeout how long a request waits for a connection before 503
 * @param connectTimeout how long opening one connection (TCP connect and login) may take:
 * the pool fills in the background, so this bounds no request, and a cold JVM's first
 * connections take longer than {@code acquireTimeout}
 */
public record DatabaseSettings(int poolSize, Duration acquireTimeout, Duration connectTimeout) {

	/**
	 * How long a start waits for the pool to fill before the app reports ready, then goes
	 * on regardless (both apps' {@code config/DatabaseConfiguration}).
	 */
	public static final Duration POOL_FILL_TIMEOUT = Duration.ofSeconds(30);

	public DatabaseSettings {
		OrdersSettings.positive("db.pool-size", poolSize);
	}

}
