package dev.rvl.reactive.config;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.SchedulingLagContract;
import dev.rvl.contract.TestDatabase;
import io.netty.util.concurrent.EventExecutor;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The scheduling-lag guard against the reactive app: the stall is a busy task on every
 * event loop (busy, not blocking: BlockHound watches).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class SchedulingLagProbesTests extends SchedulingLagContract {

	static final TestDatabase DATABASE = TestDatabase.fresh("reactive_scheduling_lag");

	@LocalServerPort
	int port;

	@Autowired
	EventLoops loops;

	@DynamicPropertySource
	static void settings(DynamicPropertyRegistry registry) {
		properties(DATABASE, Driver.R2DBC).forEach((name, value) -> registry.add(name, () -> value));
	}

	@Override
	protected URI baseUrl() {
		return ContractSettings.baseUrl(this.port);
	}

	@Override
	protected CompletableFuture<Void> stallScheduler(Duration duration) {
		List<EventExecutor> loops = new ArrayList<>();
		this.loops.all().forEach(loops::add);
		CountDownLatch busy = new CountDownLatch(loops.size());
		List<CompletableFuture<Void>> stalls = loops.stream()
			.map((loop) -> CompletableFuture.runAsync(() -> spin(busy, duration), loop))
			.toList();
		awaitBusy(busy);
		return CompletableFuture.allOf(stalls.toArray(CompletableFuture[]::new));
	}

}
