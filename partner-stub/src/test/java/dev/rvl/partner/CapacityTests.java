package dev.rvl.partner;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.rvl.partner.StubClient.Reply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stub holds thousands of slow requests open at once without an error: waiting costs
 * a timer, not a thread.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "stub.latency.fraud=1s", "stub.latency.shipping=1s" })
class CapacityTests {

	private static final Duration LATENCY = Duration.ofSeconds(1);

	private static final int CONCURRENT = 2_000;

	@LocalServerPort
	private int port;

	private StubClient stub;

	@BeforeEach
	void openClient() {
		this.stub = new StubClient(this.port);
	}

	@AfterEach
	void closeClient() {
		this.stub.close();
	}

	@Test
	void holdsTwoThousandConcurrentPendingRequestsWithoutAnError() throws Exception {
		List<String> paths = IntStream.range(0, CONCURRENT)
			.mapToObj((i) -> (i % 2 == 0) ? "/fraud/score?customerId=" + (i + 1) + "&amountCents=" + i
					: "/shipping/quote?country=GB&weightGrams=" + (i + 1))
			.toList();
		long start = System.nanoTime();
		List<Reply> replies = this.stub.getAll(paths);
		Duration all = Duration.ofNanos(System.nanoTime() - start);
		assertThat(replies).hasSize(CONCURRENT).allSatisfy((reply) -> {
			assertThat(reply.status()).isEqualTo(200);
			assertThat(reply.took()).isGreaterThanOrEqualTo(LATENCY);
		});
		// One after the other: 2,000 s. Together they overlap almost entirely.
		assertThat(all).isLessThan(Duration.ofSeconds(20));
	}

}
