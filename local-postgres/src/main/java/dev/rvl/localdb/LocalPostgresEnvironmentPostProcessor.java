package dev.rvl.localdb;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.Profiles;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * Gives an app run with the {@value #PROFILE} profile a database when none is configured:
 * starts (or reuses) the {@link LocalPostgres local PostgreSQL}, creates the database
 * named by {@code local-postgres.database} (default {@code orders};
 * {@code local-postgres.fresh=true} recreates it empty) and points the app's driver and
 * Flyway at it.
 * <p>
 * Without that profile it does nothing, so a deployed app never starts a database of its
 * own: with none configured it fails at start-up instead (shared-web's
 * {@code RequiredDatabase}). {@code ./mvnw -pl <app> spring-boot:run} switches the
 * profile on (the apps' POMs), and so can a test. An explicitly configured database
 * ({@code spring.datasource.url} or {@code spring.r2dbc.url}) is used as is, with or
 * without the profile. The packaged jars do not contain this module at all.
 * <p>
 * The app's context holds the server until it is closed, so that stopping the app
 * (Ctrl-C) does not stop the server under the requests its graceful shutdown lets finish.
 */
class LocalPostgresEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	/** The profile that switches the local PostgreSQL on. */
	static final String PROFILE = "local";

	private static final String HOLD_BEAN = "localPostgresHold";

	private static final String R2DBC_DRIVER = "io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (!environment.acceptsProfiles(Profiles.of(PROFILE))
				|| StringUtils.hasText(environment.getProperty("spring.r2dbc.url"))
				|| StringUtils.hasText(environment.getProperty("spring.datasource.url"))) {
			return;
		}
		String database = environment.getProperty("local-postgres.database", LocalPostgres.DEFAULT_DATABASE);
		LocalPostgres.Server server = LocalPostgres.ensureRunning();
		if (environment.getProperty("local-postgres.fresh", Boolean.class, false)) {
			LocalPostgres.recreateDatabase(database);
		}
		else {
			LocalPostgres.createDatabase(database);
		}
		Map<String, Object> properties = new LinkedHashMap<>();
		if (ClassUtils.isPresent(R2DBC_DRIVER, getClass().getClassLoader())) {
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
		environment.getPropertySources().addLast(new MapPropertySource("localPostgres", properties));
		application.addInitializers(LocalPostgresEnvironmentPostProcessor::holdTheServer);
	}

	/**
	 * Holds the server until the context is closed ({@link LocalPostgres#hold()}): the
	 * hold is the context's first disposable bean, so it is released last, after the web
	 * server's graceful shutdown and after the connection pools are closed.
	 */
	private static void holdTheServer(ConfigurableApplicationContext context) {
		LocalPostgres.Hold hold = LocalPostgres.hold();
		ConfigurableListableBeanFactory beans = context.getBeanFactory();
		beans.registerSingleton(HOLD_BEAN, hold);
		((DefaultSingletonBeanRegistry) beans).registerDisposableBean(HOLD_BEAN, hold::close);
	}

	@Override
	public int getOrder() {
		// After the config data (application.yml, environment variables, profiles) is in.
		return Ordered.LOWEST_PRECEDENCE;
	}

}
