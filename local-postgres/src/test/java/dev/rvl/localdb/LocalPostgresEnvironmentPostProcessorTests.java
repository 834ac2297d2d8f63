package dev.rvl.localdb;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class LocalPostgresEnvironmentPostProcessorTests {

	final LocalPostgresEnvironmentPostProcessor postProcessor = new LocalPostgresEnvironmentPostProcessor();

	@Test
	void usesAConfiguredDatabaseAsIs() {
		StandardEnvironment environment = environment(Map.of("spring.datasource.url", "jdbc:postgresql://db:5432/x"));

		this.postProcessor.postProcessEnvironment(environment, new SpringApplication());

		assertThat(environment.getProperty("spring.datasource.url")).isEqualTo("jdbc:postgresql://db:5432/x");
		assertThat(environment.getPropertySources().contains("localPostgres")).isFalse();
	}

	@Test
	void startsTheLocalServerWhenNothingIsConfigured() {
		StandardEnvironment environment = environment(Map.of("local-postgres.database", "localdb_epp"));

		this.postProcessor.postProcessEnvironment(environment, new SpringApplication());

		assertThat(environment.getProperty("spring.datasource.url"))
			.isEqualTo(LocalPostgres.ensureRunning().jdbcUrl("localdb_epp"));
		assertThat(environment.getProperty("spring.datasource.username")).isEqualTo(LocalPostgres.USER);
	}

	@Test
	void canBeSwitchedOff() {
		StandardEnvironment environment = environment(Map.of("local-postgres.enabled", "false"));

		this.postProcessor.postProcessEnvironment(environment, new SpringApplication());

		assertThat(environment.getProperty("spring.datasource.url")).isNull();
	}

	@ParameterizedTest
	@CsvSource({ "r2dbc:postgresql://db:5432/orders, jdbc:postgresql://db:5432/orders",
			"r2dbc:pool:postgresql://db/orders?sslMode=disable, jdbc:postgresql://db/orders",
			"r2dbcs:postgresql://db:6543/o, jdbc:postgresql://db:6543/o" })
	void derivesFlywaysJdbcUrlFromTheR2dbcUrl(String r2dbc, String jdbc) {
		assertThat(LocalPostgresEnvironmentPostProcessor.jdbcUrlOf(r2dbc)).isEqualTo(jdbc);
	}

	static StandardEnvironment environment(Map<String, Object> properties) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		return environment;
	}

}
