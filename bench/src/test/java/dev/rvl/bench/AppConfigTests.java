package dev.rvl.bench;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AppConfigTests {

	private static final String YAML = """
			server:
			  port: 8082
			  tomcat:
			    threads:
			      max: 400
			spring:
			  threads:
			    virtual:
			      enabled: true
			  application:
			    name: loom-app
			logging:
			  level:
			    root: info
			---
			spring:
			  config:
			    activate:
			      on-profile: platform
			  threads:
			    virtual:
			      enabled: false
			server:
			  tomcat:
			    threads:
			      max: 200
			""";

	@Test
	void flattensTheDefaultDocumentAndLeavesOutNoise() {
		Map<String, String> settings = AppConfig.flatten(stream(), null);

		assertThat(settings).containsEntry("server.port", "8082")
			.containsEntry("server.tomcat.threads.max", "400")
			.containsEntry("spring.threads.virtual.enabled", "true")
			.doesNotContainKeys("spring.application.name", "logging.level.root");
	}

	@Test
	void appliesAProfilesDocumentOnlyForThatProfile() {
		Map<String, String> settings = AppConfig.flatten(stream(), "platform");

		assertThat(settings).containsEntry("server.tomcat.threads.max", "200")
			.containsEntry("spring.threads.virtual.enabled", "false")
			.doesNotContainKey("spring.config.activate.on-profile");
	}

	private static ByteArrayInputStream stream() {
		return new ByteArrayInputStream(YAML.getBytes(StandardCharsets.UTF_8));
	}

}
