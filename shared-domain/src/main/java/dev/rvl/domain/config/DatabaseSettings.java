package dev.rvl.domain.config;

import java.time.Duration;

/**
 * The {@code db.*} settings both apps map onto their pool (HikariCP, r2dbc-pool).
 *
 * @param poolSize connections at most
 * @param acquireTimeout how long a request waits for a connection before 503
 */
public record DatabaseSettings(int poolSize, Duration acquireTimeout) {

	public DatabaseSettings {
		OrdersSettings.positive("db.pool-size", poolSize);
	}

}
