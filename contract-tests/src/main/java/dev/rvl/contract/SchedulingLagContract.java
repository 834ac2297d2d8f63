package dev.rvl.contract;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import dev.rvl.contract.Api.Response;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The scheduling-lag guard ({@code orders.admission.max-lag}), the same case in both
 * apps: while every thread of the app's scheduler - the reactive app's event loops, the
 * Loom app's virtual-thread carriers - is held by a busy task, an order that arrives
 * meanwhile is refused with 503 {@code overloaded} once the scheduler gets to it, instead
 * of being admitted after it waited out the stall; once the scheduler keeps time again,
 * orders are admitted. Each app says how to stall its scheduler.
 */
public abstract class SchedulingLagContract {

	/** The guard's threshold under this case (the apps ship 100 ms). */
	public static final Duration MAX_LAG = Duration.ofMillis(200);

	/**
	 * Four times the threshold: the order is refused whatever the timing of the probes.
	 */
	static final Duration STALL = MAX_LAG.multipliedBy(4);

	static final String ORDER = """
			{"customerId": 42, "lines": [{"sku": "SKU-00017", "quantity": 1}]}""";

	protected abstract URI baseUrl();

	/**
	 * Occupies every thread of the app's scheduler with a busy (not blocking) task for
	 * {@code duration}, and returns once all of them are busy.
	 * @return completes when the scheduler is free again
	 */
	protected abstract CompletableFuture<Void> stallScheduler(Duration duration);

	/**
	 * The contract suite's settings with this case's threshold.
	 * @param database the suite's database
	 * @param driver how the app connects to it
	 * @return Spring property names and values
	 */
	public static Map<String, String> properties(TestDatabase database, ContractSettings.Driver driver) {
		Map<String, String> properties = ContractSettings.properties(database, PartnerStub.shared(), driver);
		properties.put("orders.admission.max-lag", MAX_LAG.toMillis() + "ms");
		return properties;
	}

	@Test
	void refusesOrdersWhileTheSchedulerRunsLate() {
		PartnerStub.shared().resetFaults();
		Api api = new Api(baseUrl());
		// On a busy machine the guard may refuse a first order or two by itself.
		await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> api.placeOrder(ORDER).status() == 201);

		CompletableFuture<Void> stall = stallScheduler(STALL);
		Response during = api.placeOrder(ORDER);
		stall.join();

		assertThat(during.status()).as(during.body()).isEqualTo(503);
		assertThat(during.body()).contains("/problems/overloaded").contains("behind its schedule");
		assertThat(during.header("Retry-After")).isEqualTo("1");
		await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> api.placeOrder(ORDER).status() == 201);
		assertThat(api.violations()).isEmpty();
	}

	/**
	 * A stalling task: counts itself busy, then spins for {@code duration} (reading the
	 * clock only: BlockHound counts even {@code Thread.onSpinWait} as blocking).
	 */
	protected static void spin(CountDownLatch busy, Duration duration) {
		busy.countDown();
		long end = System.nanoTime() + duration.toNanos();
		long now = System.nanoTime();
		while (now < end) {
			now = System.nanoTime();
		}
	}

	/** Returns once every stalling task is busy. */
	protected static void awaitBusy(CountDownLatch busy) {
		try {
			busy.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
