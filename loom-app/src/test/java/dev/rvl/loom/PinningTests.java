package dev.rvl.loom;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import dev.rvl.contract.Api;
import dev.rvl.contract.BulkClient;
import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.TestDatabase;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No virtual thread pins its carrier anywhere in the order flow or bulk ingest (drivers,
 * pool, HTTP client, Tomcat), checked with JFR under concurrency; and the recorder
 * demonstrably sees pinning when it happens.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class PinningTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("loom_pinning");

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.JDBC);
	}

	@Test
	void placesOrdersAndBulkWithoutPinningACarrier() {
		URI baseUrl = ContractSettings.baseUrl(this.port);
		Api api = new Api(baseUrl);
		AtomicInteger bulkResults = new AtomicInteger();
		// Warm up first: the JDK initializes its I/O poller on the first
		// virtual-thread socket read, and threads racing that one-time class
		// initialization are pinned while they wait ("Waited for initialization
		// of sun.nio.ch.Poller"). That is JVM start-up, not the flow.
		api.placeConcurrently(4, (i) -> "{\"customerId\": 1, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}]}");
		List<RecordedEvent> pinned;
		Map<Integer, Long> statuses;
		try (PinningRecorder recorder = PinningRecorder.start()) {
			statuses = api
				.placeConcurrently(50,
						(i) -> "{\"customerId\": %d, \"lines\": [{\"sku\": \"SKU-%05d\", \"quantity\": 1}]}"
							.formatted(1 + i % 49, 1 + i))
				.stream()
				.collect(Collectors.groupingBy(Api.Response::status, Collectors.counting()));
			List<String> lines = IntStream.range(0, 500)
				.mapToObj((i) -> "{\"customerId\": %d, \"lines\": [{\"sku\": \"SKU-00%03d\", \"quantity\": 1}]}"
					.formatted(1 + i % 49, 1 + i % 900))
				.toList();
			try (BulkClient bulk = new BulkClient(baseUrl, "application/x-ndjson", lines.iterator(), 65536)) {
				bulk.readLines((line) -> bulkResults.incrementAndGet());
			}
			pinned = recorder.stop();
		}

		assertThat(statuses).isEqualTo(Map.of(201, 50L));
		assertThat(bulkResults).hasValue(500);
		assertThat(pinned).as(PinningRecorder.describe(pinned)).isEmpty();
	}

	@Test
	void recorderSeesAVirtualThreadPinnedInAClassInitializer() throws InterruptedException {
		List<RecordedEvent> pinned;
		try (PinningRecorder recorder = PinningRecorder.start()) {
			Thread.ofVirtual().start(SlowlyInitialized::touch).join();
			pinned = recorder.stop();
		}

		assertThat(pinned).isNotEmpty();
		assertThat(PinningRecorder.describe(pinned)).contains("SlowlyInitialized");
	}

	/** Blocks in its static initializer: a virtual thread running it cannot unmount. */
	static final class SlowlyInitialized {

		static {
			try {
				Thread.sleep(Duration.ofMillis(50));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		static void touch() {
		}

	}

}
