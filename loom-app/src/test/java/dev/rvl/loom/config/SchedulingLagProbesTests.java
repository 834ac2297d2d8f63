package dev.rvl.loom.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.SchedulingLagContract;
import dev.rvl.contract.TestDatabase;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The scheduling-lag guard against the Loom app: the stall is a busy virtual thread on
 * every carrier of the virtual-thread scheduler (a busy one keeps its carrier: the
 * scheduler only compensates for blocking).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class SchedulingLagProbesTests extends SchedulingLagContract {

	static final TestDatabase DATABASE = TestDatabase.fresh("loom_scheduling_lag");

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void settings(DynamicPropertyRegistry registry) {
		properties(DATABASE, Driver.JDBC).forEach((name, value) -> registry.add(name, () -> value));
	}

	@Override
	protected URI baseUrl() {
		return ContractSettings.baseUrl(this.port);
	}

	@Override
	protected CompletableFuture<Void> stallScheduler(Duration duration) {
		int carriers = Integer.getInteger("jdk.virtualThreadScheduler.parallelism",
				Runtime.getRuntime().availableProcessors());
		CountDownLatch busy = new CountDownLatch(carriers);
		List<CompletableFuture<Void>> stalls = IntStream.range(0, carriers).mapToObj((i) -> {
			CompletableFuture<Void> stall = new CompletableFuture<>();
			Thread.ofVirtual().start(() -> {
				spin(busy, duration);
				stall.complete(null);
			});
			return stall;
		}).toList();
		awaitBusy(busy);
		return CompletableFuture.allOf(stalls.toArray(CompletableFuture[]::new));
	}

}
