package dev.rvl.reactive;

import java.net.URI;
import java.util.List;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.DebuggingCapture;
import dev.rvl.contract.PartnerStub;
import dev.rvl.contract.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Captures what the readability page's "Debugging side by side" shows, as the Loom twin
 * does: the log lines of one partner timeout with the {@code tracing} profile (each with
 * the request's trace and span ids, restored on whichever thread logs them by
 * {@code spring.reactor.context-propagation=auto}), and a summary of a thread dump taken
 * while orders wait on a slow partner.
 * <p>
 * Both are normalized and compared with the committed copies under
 * {@code docs/debugging}: a change fails here until they are captured again with
 * {@code ./readability/regenerate.sh} ({@code -Dreadability.capture=true}).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("tracing")
class DebuggingCaptureTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("reactive_debugging");

	static final String APP = "reactive";

	@LocalServerPort
	int port;

	@Autowired
	MeterRegistry registry;

	@DynamicPropertySource
	static void captureSettings(DynamicPropertyRegistry registry) {
		DebuggingCapture.properties(DATABASE, PartnerStub.shared(), Driver.R2DBC)
			.forEach((name, value) -> registry.add(name, () -> value));
	}

	@Test
	void logsAPartnerTimeoutUnderOneTrace() {
		List<String> lines = DebuggingCapture.partnerTimeoutLogLines(app(), PartnerStub.shared().baseUrl());

		DebuggingCapture.assertOneTrace(lines);
		DebuggingCapture.checkCommitted(APP + "-partner-timeout.log", DebuggingCapture.normalizeLog(lines));
	}

	@Test
	void dumpsThreadsWhileOrdersWaitOnASlowPartner() {
		String summary = DebuggingCapture.threadDumpUnderLoad(app(), PartnerStub.shared().baseUrl(), APP,
				"dev.rvl.reactive", () -> (int) this.registry.get("partner.calls.in.flight").gauge().value());

		DebuggingCapture.checkCommitted(APP + "-thread-dump.txt", summary);
	}

	private URI app() {
		return ContractSettings.baseUrl(this.port);
	}

}
