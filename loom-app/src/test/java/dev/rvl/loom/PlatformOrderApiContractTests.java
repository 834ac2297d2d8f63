package dev.rvl.loom;

import java.net.URI;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.OrderApiContract;
import dev.rvl.contract.TestDatabase;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The shared contract suite against the Loom app in the {@code platform} profile: the
 * same answers on Tomcat's classic thread pool.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("platform")
class PlatformOrderApiContractTests extends OrderApiContract {

	static final TestDatabase DATABASE = TestDatabase.fresh("loom_platform_contract");

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.JDBC);
	}

	@Override
	public URI baseUrl() {
		return ContractSettings.baseUrl(this.port);
	}

	@Override
	public TestDatabase database() {
		return DATABASE;
	}

}
