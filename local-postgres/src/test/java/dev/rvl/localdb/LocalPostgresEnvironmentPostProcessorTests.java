package dev.rvl.localdb;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class LocalPostgresEnvironmentPostProcessorTests {

	final LocalPostgresEnvironmentPostProcessor postProcessor = new LocalPostgresEnvironmentPostProcessor();

	@Test
	void usesAConfiguredDatabaseAsIs() {
		StandardEnvironment environment = environment(Map.of("spring.datasource.url", "jdbc:postgresql://db:5432/x"),
				"local");

		this.postProcessor.postProcessEnvironment(environment, new SpringApplication());

		assertThat(environment.getProperty("spring.datasource.url")).isEqualTo("jdbc:postgresql://db:5432/x");
		assertThat(environment.getPropertySources().contains("localPostgres")).isFalse();
	}

	@Test
	void startsTheLocalServerUnderTheLocalProfileWhenNothingIsConfigured() {
		StandardEnvironment environment = environment(Map.of("local-postgres.database", "localdb_epp"), "local");

		this.postProcessor.postProcessEnvironment(environment, new SpringApplication());

		assertThat(environment.getProperty("spring.datasource.url"))
			.isEqualTo(LocalPostgres.ensureRunning().jdbcUrl("localdb_epp"));
		assertThat(environment.getProperty("spring.datasource.username")).isEqualTo(LocalPostgres.USER);
	}

	@Test
	void doesNothingWithoutTheLocalProfile() {
		StandardEnvironment environment = environment(Map.of("local-postgres.database", "localdb_epp"), "platform");

		this.postProcessor.postProcessEnvironment(environment, new SpringApplication());

		assertThat(environment.getProperty("spring.datasource.url")).isNull();
		assertThat(environment.getPropertySources().contains("localPostgres")).isFalse();
	}

	static StandardEnvironment environment(Map<String, Object> properties, String profile) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		environment.setActiveProfiles(profile);
		return environment;
	}

}
