package dev.rvl.web;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RequiredDatabaseTests {

	@Test
	void refusesToStartWithoutADatabaseSayingWhatToSet() {
		StandardEnvironment environment = environment(Map.of("spring.application.name", "loom-app"));

		assertThatExceptionOfType(NoDatabaseConfiguredException.class)
			.isThrownBy(() -> new RequiredDatabase(false).check(environment))
			.withMessage("No database is configured: loom-app needs spring.datasource.url (SPRING_DATASOURCE_URL), "
					+ "e.g. jdbc:postgresql://db:5432/orders");
	}

	@Test
	void explainsTheFailureWithTheVariablesAndTheLocalAlternative() {
		NoDatabaseConfiguredException failure = new NoDatabaseConfiguredException("reactive-app", true);

		FailureAnalysis analysis = new NoDatabaseConfiguredFailureAnalyzer().analyze(failure);

		assertThat(analysis.getDescription()).isEqualTo(failure.getMessage()).contains("SPRING_R2DBC_URL");
		assertThat(analysis.getAction()).contains("SPRING_R2DBC_URL, SPRING_R2DBC_USERNAME and SPRING_R2DBC_PASSWORD")
			.contains("./mvnw -pl reactive-app spring-boot:run");
	}

	@Test
	void acceptsAConfiguredJdbcDatabase() {
		StandardEnvironment environment = environment(Map.of("spring.datasource.url", "jdbc:postgresql://db/x"));

		new RequiredDatabase(false).check(environment);

		assertThat(environment.getProperty("spring.flyway.url")).isNull();
	}

	@Test
	void pointsFlywayAtTheR2dbcDatabase() {
		StandardEnvironment environment = environment(Map.of("spring.r2dbc.url", "r2dbc:postgresql://db:5432/orders",
				"spring.r2dbc.username", "u", "spring.r2dbc.password", "p"));

		new RequiredDatabase(true).check(environment);

		assertThat(environment.getProperty("spring.flyway.url")).isEqualTo("jdbc:postgresql://db:5432/orders");
		assertThat(environment.getProperty("spring.flyway.user")).isEqualTo("u");
		assertThat(environment.getProperty("spring.flyway.password")).isEqualTo("p");
	}

	@Test
	void keepsAConfiguredFlywayUrl() {
		StandardEnvironment environment = environment(Map.of("spring.r2dbc.url", "r2dbc:postgresql://db:5432/orders",
				"spring.flyway.url", "jdbc:postgresql://other:5432/orders"));

		new RequiredDatabase(true).check(environment);

		assertThat(environment.getProperty("spring.flyway.url")).isEqualTo("jdbc:postgresql://other:5432/orders");
	}

	@ParameterizedTest
	@CsvSource({ "r2dbc:postgresql://db:5432/orders, jdbc:postgresql://db:5432/orders",
			"r2dbc:pool:postgresql://db/orders?sslMode=disable, jdbc:postgresql://db/orders",
			"r2dbcs:postgresql://db:6543/o, jdbc:postgresql://db:6543/o" })
	void derivesFlywaysJdbcUrlFromTheR2dbcUrl(String r2dbc, String jdbc) {
		assertThat(RequiredDatabase.jdbcUrlOf(r2dbc)).isEqualTo(jdbc);
	}

	static StandardEnvironment environment(Map<String, Object> properties) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		return environment;
	}

}
