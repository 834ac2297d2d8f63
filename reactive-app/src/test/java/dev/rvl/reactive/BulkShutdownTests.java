package dev.rvl.reactive;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

import dev.rvl.contract.BulkShutdownContract;
import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.PartnerStub;
import dev.rvl.contract.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The shared bulk-at-shutdown contract against this app, started here (not by the test
 * framework, whose context cache would try to restart the closed context) and closed as
 * SIGTERM closes it.
 */
class BulkShutdownTests extends BulkShutdownContract {

	static final TestDatabase DATABASE = TestDatabase.fresh("reactive_bulk_shutdown");

	private ConfigurableApplicationContext app;

	@BeforeEach
	void start() {
		Map<String, Object> properties = new HashMap<>(
				ContractSettings.properties(DATABASE, PartnerStub.shared(), Driver.R2DBC));
		properties.put("server.port", "0");
		this.app = new SpringApplicationBuilder(ReactiveApplication.class).properties(properties).run();
	}

	@AfterEach
	void close() {
		this.app.close();
	}

	@Override
	protected URI baseUrl() {
		return ContractSettings.baseUrl(Integer.parseInt(this.app.getEnvironment().getProperty("local.server.port")));
	}

	@Override
	protected TestDatabase database() {
		return DATABASE;
	}

	@Override
	protected void shutDown() {
		this.app.close();
	}

}
