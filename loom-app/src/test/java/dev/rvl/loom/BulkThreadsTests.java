package dev.rvl.loom;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.rvl.contract.BulkClient;
import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.TestDatabase;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A bulk request whose client goes away leaves no thread behind: no producer, consumer or
 * writer. The producer used to be interrupted in {@code queue.put} and then to block for
 * good in its {@code finally}'s {@code put(END)} on a full queue nobody drained: a parked
 * virtual thread holding the queue, the reader and the request stream. Virtual threads
 * show only in a thread dump of the new format, which this takes.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class BulkThreadsTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("loom_bulk_threads");

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.JDBC);
	}

	@Test
	void leavesNoBulkThreadBehindWhenTheClientGoesAway() throws IOException {
		URI app = ContractSettings.baseUrl(this.port);
		try (BulkClient bulk = new BulkClient(app, "application/x-ndjson", lines(100_000), 16384)) {
			await().atMost(Duration.ofSeconds(60)).until(() -> threadDump().contains("BulkIngest.produce"));
			long sent = -1;
			while (sent != bulk.bytesSent()) {
				sent = bulk.bytesSent();
				sleep(Duration.ofSeconds(2));
			}

			bulk.abort();
		}

		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(threadDump()).doesNotContain("BulkIngest.produce")
				.doesNotContain("BulkIngest.consume")
				.doesNotContain("ResultWriter.writeAll"));
	}

	/** Lines for customers that do not exist: answered quickly, after one query. */
	static java.util.Iterator<String> lines(int count) {
		String line = "{\"customerId\": 999999, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}], \"note\": \""
				+ "x".repeat(900) + "\"}";
		return java.util.stream.Stream.generate(() -> line).limit(count).iterator();
	}

	static String threadDump() throws IOException {
		Path file = Files.createTempDirectory("threads").resolve("dump.txt");
		ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
			.dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
		return Files.readString(file);
	}

	static void sleep(Duration duration) {
		try {
			Thread.sleep(duration);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
