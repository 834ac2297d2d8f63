package dev.rvl.loom;

import java.net.URI;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.OrderApiContract;
import dev.rvl.contract.TestDatabase;
import dev.rvl.loom.partner.PartnerClient;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnJre;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared contract suite against the Loom app with {@code partner.fan-out=structured}:
 * the partner fan-out written with {@code StructuredTaskScope} (a preview API in JDK 25)
 * gives the same answers. Only on JDK 25, where loom-app's pom compiles that fan-out and
 * runs the tests with {@code --enable-preview}.
 * <p>
 * Only the fan-out differs from the default suite, so the four cases about the connection
 * and bulk volume, which place no order through it or place orders by the thousand only
 * to measure the body's flow, run in the default and platform suites and not again here
 * (about 70 s of CI).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "partner.fan-out=structured")
@EnabledOnJre(versions = 25)
class StructuredOrderApiContractTests extends OrderApiContract {

	static final TestDatabase DATABASE = TestDatabase.fresh("loom_structured_contract");

	static final String NOT_THE_FAN_OUT = "about the connection or the bulk body's flow, not the fan-out: "
			+ "the default and platform suites run it";

	@LocalServerPort
	int port;

	@Autowired
	PartnerClient partners;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.JDBC);
	}

	@Test
	void fansOutWithStructuredTaskScope() {
		assertThat(this.partners.getClass().getName())
			.isEqualTo("dev.rvl.loom.partner.structured.StructuredPartnerClient");
	}

	@Override
	@Test
	@Disabled(NOT_THE_FAN_OUT)
	public void answersEveryRequestOnKeepAliveConnections() {
	}

	@Override
	@Test
	@Disabled(NOT_THE_FAN_OUT)
	public void givesUpOnARequestBodyThatStalls() {
	}

	@Override
	@Test
	@Disabled(NOT_THE_FAN_OUT)
	public void streamsAHundredThousandLineBulkWithBoundedHeap() {
	}

	@Override
	@Test
	@Disabled(NOT_THE_FAN_OUT)
	public void stopsReadingABulkBodyWhileResultsAreNotRead() {
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
