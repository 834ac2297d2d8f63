package dev.rvl.loom.config;

import java.sql.SQLException;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import dev.rvl.domain.config.DatabaseSettings;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * HikariCP from the shared {@code db.*} settings: a fixed-size pool (minimum idle =
 * maximum, HikariCP's own default) of {@code db.pool-size} connections and
 * {@code db.acquire-timeout} to wait for one, like the reactive app's r2dbc-pool. The
 * pool is full before the app reports ready ({@link #poolFilledBeforeReady}). Opening a
 * connection may take {@code db.connect-timeout} (pgjdbc's {@code connectTimeout} and
 * {@code loginTimeout}), as the reactive app's {@code max-create-connection-time}.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

	private static final Log logger = LogFactory.getLog(DatabaseConfiguration.class);

	@Bean
	static BeanPostProcessor hikariPoolSettings(Environment environment) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof HikariDataSource hikari) {
					DatabaseSettings settings = Binder.get(environment).bindOrCreate("db", DatabaseSettings.class);
					hikari.setMaximumPoolSize(settings.poolSize());
					hikari.setMinimumIdle(settings.poolSize());
					hikari.setConnectionTimeout(settings.acquireTimeout().toMillis());
					// pgjdbc's timeouts, in seconds: TCP connect, and the whole login
					int connectSeconds = (int) Math.max(1, settings.connectTimeout().toSeconds());
					hikari.addDataSourceProperty("connectTimeout", connectSeconds);
					hikari.addDataSourceProperty("loginTimeout", connectSeconds);
				}
				return bean;
			}

		};
	}

	/**
	 * Opens the pool's connections before the app reports ready (runners run before
	 * readiness): HikariCP opens its pool at the first connection asked for and fills its
	 * minimum idle in the background from then on, so the first orders after a start
	 * would wait for connections being opened - on a slow machine long enough for the
	 * queue budget to refuse an order on an idle app as overloaded. Asks for one
	 * connection (which starts the pool) and waits, at most
	 * {@link DatabaseSettings#POOL_FILL_TIMEOUT}, for the rest; a database that cannot be
	 * reached yet leaves it to the first requests, as before. (The reactive app's twin
	 * warms r2dbc-pool up.)
	 */
	@Bean
	static ApplicationRunner poolFilledBeforeReady(DataSource dataSource) {
		return (arguments) -> {
			if (!(dataSource instanceof HikariDataSource hikari)) {
				return;
			}
			try {
				dataSource.getConnection().close();
			}
			catch (SQLException ex) {
				// the database is not there yet: the pool opens connections on demand
				logger.warn("Could not open the pool's connections before ready: " + ex.getMessage());
				return;
			}
			HikariPoolMXBean pool = hikari.getHikariPoolMXBean();
			long deadline = System.nanoTime() + DatabaseSettings.POOL_FILL_TIMEOUT.toNanos();
			while (pool.getTotalConnections() < hikari.getMinimumIdle() && System.nanoTime() < deadline) {
				Thread.sleep(10);
			}
		};
	}

}
