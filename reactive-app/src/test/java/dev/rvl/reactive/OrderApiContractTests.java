package dev.rvl.reactive;

import java.net.URI;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.OrderApiContract;
import dev.rvl.contract.TestDatabase;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The shared contract suite against the reactive app, in this JVM so that BlockHound
 * watches every request it serves.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class OrderApiContractTests extends OrderApiContract {

	static final TestDatabase DATABASE = TestDatabase.fresh("reactive_contract");

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.R2DBC);
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
