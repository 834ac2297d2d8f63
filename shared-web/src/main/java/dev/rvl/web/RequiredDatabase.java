package dev.rvl.web;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.event.ApplicationContextInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * Both apps need a configured database: without one they fail at start-up with
 * {@link NoDatabaseConfiguredException} (explained by
 * {@link NoDatabaseConfiguredFailureAnalyzer}) instead of starting without one or
 * starting a database of their own. {@code spring-boot:run} configures one through the
 * {@code local} profile (local-postgres), and so can a test.
 * <p>
 * The reactive app migrates over JDBC: configured with {@code spring.r2dbc.url} alone,
 * Flyway is pointed at the same database ({@code spring.flyway.url|user|password}), so
 * one URL is enough.
 * <p>
 * Checked once the context is initialized rather than in an environment post-processor:
 * only then does the environment hold everything, including a test's
 * {@code @DynamicPropertySource}.
 */
class RequiredDatabase implements ApplicationListener<ApplicationContextInitializedEvent> {

	private final boolean r2dbc;

	RequiredDatabase() {
		this(ClassUtils.isPresent("io.r2dbc.spi.ConnectionFactory", RequiredDatabase.class.getClassLoader()));
	}

	/**
	 * @param r2dbc whether the app connects with R2DBC (the reactive app) rather than
	 * JDBC
	 */
	RequiredDatabase(boolean r2dbc) {
		this.r2dbc = r2dbc;
	}

	@Override
	public void onApplicationEvent(ApplicationContextInitializedEvent event) {
		check(event.getApplicationContext().getEnvironment());
	}

	void check(ConfigurableEnvironment environment) {
		String url = environment.getProperty(NoDatabaseConfiguredException.property(this.r2dbc));
		if (!StringUtils.hasText(url)) {
			throw new NoDatabaseConfiguredException(environment.getProperty("spring.application.name", "<app>"),
					this.r2dbc);
		}
		if (this.r2dbc && !StringUtils.hasText(environment.getProperty("spring.flyway.url"))) {
			Map<String, Object> flyway = new LinkedHashMap<>();
			flyway.put("spring.flyway.url", jdbcUrlOf(url));
			flyway.put("spring.flyway.user", environment.getProperty("spring.r2dbc.username", ""));
			flyway.put("spring.flyway.password", environment.getProperty("spring.r2dbc.password", ""));
			environment.getPropertySources().addLast(new MapPropertySource("flywayFromR2dbc", flyway));
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

}
