package dev.rvl.loom;

import java.net.URI;

import dev.rvl.contract.AccessLogContract;
import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.TestDatabase;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The shared request-log contract against this app, switched on with
 * {@code access-log.enabled=true}.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "access-log.enabled=true")
class AccessLogTests extends AccessLogContract {

	static final TestDatabase DATABASE = TestDatabase.fresh("loom_access_log");

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.JDBC);
	}

	@Override
	protected URI baseUrl() {
		return ContractSettings.baseUrl(this.port);
	}

}
