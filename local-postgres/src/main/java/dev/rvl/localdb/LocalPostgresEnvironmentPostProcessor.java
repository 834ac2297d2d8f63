package dev.rvl.localdb;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * Gives an app a database when none is configured: starts (or reuses) the
 * {@link LocalPostgres local PostgreSQL}, creates the database named by
 * {@code local-postgres.database} (default {@code orders};
 * {@code local-postgres.fresh=true} recreates it empty) and points the app's driver and
 * Flyway at it.
 * <p>
 * An explicitly configured database ({@code spring.datasource.url} or
 * {@code spring.r2dbc.url}) is used as is. For an R2DBC app configured without
 * {@code spring.flyway.url}, Flyway is pointed at the same database over JDBC, so one URL
 * is enough.
 */
class LocalPostgresEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	private static final String R2DBC_DRIVER = "io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		boolean r2dbc = ClassUtils.isPresent(R2DBC_DRIVER, getClass().getClassLoader());
		Map<String, Object> properties = new LinkedHashMap<>();
		String r2dbcUrl = environment.getProperty("spring.r2dbc.url");
		if (StringUtils.hasText(r2dbcUrl) || StringUtils.hasText(environment.getProperty("spring.datasource.url"))) {
			if (r2dbc && StringUtils.hasText(r2dbcUrl)
					&& !StringUtils.hasText(environment.getProperty("spring.flyway.url"))) {
				properties.put("spring.flyway.url", jdbcUrlOf(r2dbcUrl));
				properties.put("spring.flyway.user", environment.getProperty("spring.r2dbc.username", ""));
				properties.put("spring.flyway.password", environment.getProperty("spring.r2dbc.password", ""));
			}
		}
		else if (environment.getProperty("local-postgres.enabled", Boolean.class, true)) {
			String database = environment.getProperty("local-postgres.database", LocalPostgres.DEFAULT_DATABASE);
			LocalPostgres.Server server = LocalPostgres.ensureRunning();
			if (environment.getProperty("local-postgres.fresh", Boolean.class, false)) {
				LocalPostgres.recreateDatabase(database);
			}
			else {
				LocalPostgres.createDatabase(database);
			}
			if (r2dbc) {
				properties.put("spring.r2dbc.url", server.r2dbcUrl(database));
				properties.put("spring.r2dbc.username", LocalPostgres.USER);
				properties.put("spring.r2dbc.password", LocalPostgres.PASSWORD);
				properties.put("spring.flyway.url", server.jdbcUrl(database));
				properties.put("spring.flyway.user", LocalPostgres.USER);
				properties.put("spring.flyway.password", LocalPostgres.PASSWORD);
			}
			else {
				properties.put("spring.datasource.url", server.jdbcUrl(database));
				properties.put("spring.datasource.username", LocalPostgres.USER);
				properties.put("spring.datasource.password", LocalPostgres.PASSWORD);
			}
		}
		if (!properties.isEmpty()) {
			environment.getPropertySources().addLast(new MapPropertySource("localPostgres", properties));
		}
	}

	/**
	 * {@code r2dbc:[pool:]postgresql://host:port/db?options} to
	 * {@code jdbc:postgresql://host:port/db}.
	 */
	static String jdbcUrlOf(String r2dbcUrl) {
		String withoutScheme = r2dbcUrl.replaceFirst("^r2dbcs?:(pool:)?", "");
		int query = withoutScheme.indexOf('?');
		return "jdbc:" + ((query >= 0) ? withoutScheme.substring(0, query) : withoutScheme);
	}

	@Override
	public int getOrder() {
		// After the config data (application.yml, environment variables) is in.
		return Ordered.LOWEST_PRECEDENCE;
	}

}
