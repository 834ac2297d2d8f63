package dev.rvl.partner;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import dev.rvl.partner.StubClient.Reply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every answer waits its endpoint's configured latency, and waiting requests overlap
 * (timers, not threads).
 */
class LatencyTests extends StubHttpTests {

	@Test
	void oneRequestTakesAtLeastTheConfiguredLatencyOfItsEndpoint() throws Exception {
		Reply fraud = this.stub.get(fraudPath(7, 100));
		Reply shipping = this.stub.get(shippingPath("FR", 100));
		assertThat(fraud.status()).isEqualTo(200);
		assertThat(fraud.took()).isGreaterThanOrEqualTo(FRAUD_LATENCY);
		assertThat(shipping.status()).isEqualTo(200);
		assertThat(shipping.took()).isGreaterThanOrEqualTo(SHIPPING_LATENCY);
	}

	@Test
	void fiveHundredConcurrentRequestsEachTakeTheLatencyAndAllFinishInAFractionOfTheSerialTime() throws Exception {
		this.stub.get(fraudPath(1, 1)); // warm-up
		List<String> paths = IntStream.range(0, 500)
			.mapToObj((i) -> (i % 2 == 0) ? fraudPath(i + 1, i) : shippingPath("PL", i + 1))
			.toList();
		long start = System.nanoTime();
		List<Reply> replies = this.stub.getAll(paths);
		Duration all = Duration.ofNanos(System.nanoTime() - start);
		for (int i = 0; i < replies.size(); i++) {
			Reply reply = replies.get(i);
			assertThat(reply.status()).isEqualTo(200);
			assertThat(reply.took()).isGreaterThanOrEqualTo((i % 2 == 0) ? FRAUD_LATENCY : SHIPPING_LATENCY);
		}
		// One after the other they would take at least 500 x 100 ms = 50 s.
		assertThat(all).isLessThan(FRAUD_LATENCY.multipliedBy(500).dividedBy(10));
	}

}
