package dev.rvl.partner;

import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Base of the HTTP tests: one stub on a random port (the context is shared by every
 * subclass) with short, distinct latencies per endpoint, and faults reset after each
 * test.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "stub.latency.fraud=100ms", "stub.latency.shipping=150ms" })
abstract class StubHttpTests {

	static final Duration FRAUD_LATENCY = Duration.ofMillis(100);

	static final Duration SHIPPING_LATENCY = Duration.ofMillis(150);

	@LocalServerPort
	private int port;

	StubClient stub;

	@BeforeEach
	void openClient() {
		this.stub = new StubClient(this.port);
	}

	@AfterEach
	void resetFaultsAndCloseClient() throws Exception {
		try {
			assertThat(this.stub.delete("/admin/faults").status()).isEqualTo(204);
		}
		finally {
			this.stub.close();
		}
	}

	static String fraudPath(long customerId, long amountCents) {
		return "/fraud/score?customerId=" + customerId + "&amountCents=" + amountCents;
	}

	static String shippingPath(String country, long weightGrams) {
		return "/shipping/quote?country=" + country + "&weightGrams=" + weightGrams;
	}

}
