package dev.rvl.contract;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import dev.rvl.contract.OpenLoad.Outcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Resilience under faults, overload and outages, written once and run against each app as
 * a process of its own (its packaged jar, a 256 MiB heap, SIGTERM to stop), with a
 * PostgreSQL of its own that a scenario can stop. Each scenario prints its figures and
 * writes them to {@code target/resilience/<variant>.json}; the invariants are checked in
 * the database after every one.
 * <p>
 * The app runs with {@code orders.max-in-flight=50}: with a 1 s partner its capacity (the
 * knee) is then 50 orders/s by Little's law, so ten times the knee is an arrival rate the
 * load generator can offer from the same two cores.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class ResilienceContract {

	static final List<String> JVM_FLAGS = List.of("-Xms256m", "-Xmx256m", "-XX:+UseG1GC");

	static final long HEAP_LIMIT = 256L * 1024 * 1024;

	static final int MAX_IN_FLIGHT = 50;

	static final Duration PARTNER_TIMEOUT = Duration.ofSeconds(2);

	/** {@code db.acquire-timeout}, the default of both apps. */
	static final double ACQUIRE_TIMEOUT_SECONDS = 2;

	/**
	 * Background work of the scenarios runs on virtual threads, never in the common pool:
	 * a task parked there for seconds starves everything else that uses it (the JDK HTTP
	 * client completes responses through it), which showed up as seconds of false
	 * latency.
	 */
	static final Executor BACKGROUND = Executors.newVirtualThreadPerTaskExecutor();

	protected OwnPostgres postgres;

	protected AppProcess app;

	protected Figures figures;

	private final AtomicLong customer = new AtomicLong();

	/** {@code reactive}, {@code loom} or {@code platform}. */
	protected abstract String variant();

	/** The environment that points the app at a database (DESIGN §1 names). */
	protected abstract Map<String, String> databaseEnvironment(OwnPostgres postgres);

	/** Program arguments, e.g. a profile. */
	protected List<String> arguments() {
		return List.of();
	}

	/** The app's packaged jar. */
	protected abstract Path jar();

	@BeforeAll
	void startAppWithItsOwnDatabase() {
		this.figures = new Figures(variant());
		this.postgres = OwnPostgres.start(Path.of("target", "resilience", "postgres-" + variant()));
		this.app = start();
		stub().resetFaults();
	}

	@AfterAll
	void stopEverything() {
		stub().resetFaults();
		if (this.app != null) {
			this.app.close();
		}
		if (this.postgres != null) {
			this.postgres.close();
		}
		if (this.figures != null) {
			this.figures.write();
		}
	}

	AppProcess start() {
		Map<String, String> environment = new TreeMap<>(databaseEnvironment(this.postgres));
		environment.put("PARTNER_BASE_URL", stub().baseUrl().toString());
		environment.put("ORDERS_MAX_IN_FLIGHT", Integer.toString(MAX_IN_FLIGHT));
		environment.put("PARTNER_TIMEOUT", PARTNER_TIMEOUT.toMillis() + "ms");
		return AppProcess.start(jar(), JVM_FLAGS, environment, arguments(),
				Path.of("target", "resilience", variant() + "-" + System.nanoTime() + ".log"));
	}

	PartnerStub stub() {
		return PartnerStub.shared();
	}

	TestDatabase database() {
		return this.postgres.database();
	}

	@Test
	@Order(1)
	void answersPartnerFaultsWithinTheDeadlineAndLeaksNothing() {
		offer(20, Duration.ofSeconds(2));
		awaitIdle();
		double baselineThreads = this.app.metric("jvm_threads_live_threads");
		Invariants.Snapshot before = Invariants.snapshot(database());
		List<String> created = new ArrayList<>();

		for (String fault : List.of("{\"addedLatencyMs\": 3000}", "{\"errorRate\": 0.5, \"errorStatus\": 500}",
				"{\"hangRate\": 1.0}")) {
			stub().faults(fault);
			List<Outcome> outcomes = offer(20, Duration.ofSeconds(2));
			stub().resetFaults();
			created.addAll(created(outcomes));
			String name = fault.replaceAll("[{}\" ]", "");
			this.figures.put("partner-faults", name + " statuses", statusCounts(outcomes));
			this.figures.put("partner-faults", name + " max latency ms", maxLatencyMillis(outcomes, (o) -> true));
			assertThat(outcomes).allSatisfy((outcome) -> {
				assertThat(outcome.status()).as(outcome.body()).isIn(201, 502, 504);
				assertThat(outcome.latencyMillis()).isLessThan(PARTNER_TIMEOUT.toMillis() + 500);
			});
		}
		awaitIdle();
		double threadsAfter = this.app.metric("jvm_threads_live_threads");
		this.figures.put("partner-faults", "live threads baseline / after", baselineThreads + " / " + threadsAfter);
		assertThat(threadsAfter).as("live threads").isLessThanOrEqualTo(baselineThreads + 5);
		Invariants.assertHold(database(), before, created);
	}

	@Test
	@Order(2)
	void shedsTenTimesItsKneeWithFast503sAndRecovers() {
		stub().faults("{\"addedLatencyMs\": 980}");
		Invariants.Snapshot before = Invariants.snapshot(database());
		double knee = MAX_IN_FLIGHT / 1.0;
		AtomicLong maxHeap = new AtomicLong();
		AtomicBoolean loading = new AtomicBoolean(true);
		CompletableFuture<Void> sampler = CompletableFuture.runAsync(() -> {
			while (loading.get()) {
				maxHeap.accumulateAndGet((long) this.app.metric("jvm_memory_used_bytes", "area=\"heap\""), Math::max);
				AppProcess.sleep(Duration.ofSeconds(1));
			}
		}, BACKGROUND);
		List<Outcome> outcomes = offer(10 * knee, Duration.ofSeconds(30));
		loading.set(false);
		sampler.join();
		long heap = maxHeap.get();
		stub().resetFaults();
		long recoveryStart = System.nanoTime();
		List<Outcome> probes = new ArrayList<>();
		await().atMost(Duration.ofSeconds(10)).until(() -> {
			Outcome probe = offer(1, Duration.ofSeconds(1)).get(0);
			probes.add(probe);
			return probe.status() == 201;
		});
		double recoverySeconds = (System.nanoTime() - recoveryStart) / 1e9;

		Map<Integer, Long> statuses = statusCounts(outcomes);
		this.figures.put("overload", "offered per s (10 x knee)", 10 * knee);
		this.figures.put("overload", "statuses", statuses);
		this.figures.put("overload", "503 p50 ms", percentileMillis(outcomes, (o) -> o.status() == 503, 0.50));
		this.figures.put("overload", "503 p90 ms", percentileMillis(outcomes, (o) -> o.status() == 503, 0.90));
		this.figures.put("overload", "503 p99 ms", percentileMillis(outcomes, (o) -> o.status() == 503, 0.99));
		this.figures.put("overload", "201 p50 ms", percentileMillis(outcomes, (o) -> o.status() == 201, 0.50));
		this.figures.put("overload", "max heap MiB / limit", heap / (1024 * 1024) + " / " + HEAP_LIMIT / (1024 * 1024));
		this.figures.put("overload", "recovered after s", Math.round(recoverySeconds * 10) / 10.0);
		// Admitted orders end as usual (a partner problem within the deadline on
		// a saturated machine is an answer, not a failure of the guard); the rest
		// is refused.
		assertThat(statuses.keySet()).as(statuses.toString()).isSubsetOf(201, 502, 503, 504);
		assertThat(statuses.get(503)).as("refused").isGreaterThan(outcomes.size() / 2);
		assertThat(statuses.get(201)).as("served at capacity").isGreaterThan((long) (knee * 30 * 0.5));
		// Fast: refused at once, not after queuing for capacity (one partner round trip
		// is 1 s).
		assertThat(percentileMillis(outcomes, (o) -> o.status() == 503, 0.50)).as("503 p50 ms").isLessThan(50);
		assertThat(percentileMillis(outcomes, (o) -> o.status() == 503, 0.99)).as("503 p99 ms").isLessThan(1000);
		assertThat(heap).isLessThan(HEAP_LIMIT);
		assertThat(this.app.isAlive()).isTrue();
		assertThat(this.app.output()).doesNotContain("OutOfMemoryError");
		await().atMost(Duration.ofSeconds(10)).until(() -> this.app.metric("orders_in_flight") == 0);
		List<String> created = new ArrayList<>(created(outcomes));
		created.addAll(created(probes));
		Invariants.assertHold(database(), before, created);
	}

	@Test
	@Order(3)
	void failsFastWhileTheDatabaseIsDownAndRecoversWithoutARestart() {
		Invariants.Snapshot before = Invariants.snapshot(database());
		double rate = 20;
		CompletableFuture<List<Outcome>> load = CompletableFuture.supplyAsync(() -> offer(rate, Duration.ofSeconds(30)),
				BACKGROUND);
		AppProcess.sleep(Duration.ofSeconds(5));
		long down = System.nanoTime();
		this.postgres.stop();
		AppProcess.sleep(Duration.ofSeconds(10));
		long restarting = System.nanoTime();
		this.postgres.restart();
		List<Outcome> outcomes = load.join();
		double downAt = 5;
		// From the restart call: the server cannot answer before it, may before it
		// returns.
		double upAt = downAt + (restarting - down) / 1e9;
		List<Outcome> duringOutage = outcomes.stream()
			// A request sent less than one acquire timeout before the restart may still
			// get a
			// connection from the restarted server: only earlier ones must have been
			// refused.
			.filter((o) -> o.sentAtSeconds() > downAt + 1 && o.sentAtSeconds() < upAt - ACQUIRE_TIMEOUT_SECONDS - 0.5)
			.toList();
		List<Outcome> late = outcomes.stream().filter((o) -> o.sentAtSeconds() > upAt + 10).toList();
		double recovery = outcomes.stream()
			.filter((o) -> o.sentAtSeconds() > upAt && o.status() == 201)
			.mapToDouble(Outcome::sentAtSeconds)
			.min()
			.orElse(Double.NaN) - upAt;

		this.figures.put("database-outage", "statuses while down", statusCounts(duringOutage));
		this.figures.put("database-outage", "max latency while down ms", maxLatencyMillis(duringOutage, (o) -> true));
		this.figures.put("database-outage", "server-side max 503 s",
				this.app.metric("http_server_requests_seconds_max", "status=\"503\""));
		this.figures.put("database-outage", "first 201 after restart s", Math.round(recovery * 10) / 10.0);
		this.figures.put("database-outage", "statuses 10 s after restart", statusCounts(late));
		assertThat(duringOutage).isNotEmpty().allSatisfy((outcome) -> {
			assertThat(outcome.status()).as(outcome.body()).isEqualTo(503);
			assertThat(outcome.latencyMillis()).isLessThan(3500);
		});
		assertThat(late).isNotEmpty().allSatisfy((outcome) -> assertThat(outcome.status()).isEqualTo(201));
		Invariants.assertHold(database(), before, created(outcomes));
	}

	@Test
	@Order(4)
	void finishesInFlightOrdersOnSigtermAndRefusesNewOnes() {
		stub().faults("{\"addedLatencyMs\": 400}");
		Invariants.Snapshot before = Invariants.snapshot(database());
		CompletableFuture<List<Outcome>> load = CompletableFuture.supplyAsync(() -> offer(20, Duration.ofSeconds(6)),
				BACKGROUND);
		AppProcess.sleep(Duration.ofSeconds(3));
		long terminated = System.nanoTime();
		this.app.terminate();
		int exitCode = this.app.awaitExit(Duration.ofSeconds(40));
		double stoppedAfter = (System.nanoTime() - terminated) / 1e9;
		List<Outcome> outcomes = load.join();
		stub().resetFaults();
		double terminatedAt = 3;
		List<Outcome> inFlight = outcomes.stream()
			.filter((o) -> o.sentAtSeconds() < terminatedAt - 0.2 && o.sentAtSeconds() > terminatedAt - 0.6)
			.toList();
		List<Outcome> afterwards = outcomes.stream().filter((o) -> o.sentAtSeconds() > terminatedAt + 0.5).toList();

		this.figures.put("graceful-shutdown", "exit code", exitCode);
		this.figures.put("graceful-shutdown", "stopped after s", Math.round(stoppedAfter * 10) / 10.0);
		this.figures.put("graceful-shutdown", "in flight at SIGTERM", statusCounts(inFlight));
		this.figures.put("graceful-shutdown", "sent after SIGTERM", statusCounts(afterwards));
		assertThat(exitCode).isIn(0, 143);
		assertThat(inFlight).isNotEmpty().allSatisfy((outcome) -> assertThat(outcome.status()).isEqualTo(201));
		assertThat(afterwards).isNotEmpty()
			.allSatisfy((outcome) -> assertThat(outcome.status()).as(outcome.body()).isIn(-1, 503));
		Invariants.assertHold(database(), before, created(outcomes));
	}

	List<Outcome> offer(double rate, Duration duration) {
		return OpenLoad.placeOrders(this.app.baseUrl(), rate, duration, (i) -> order());
	}

	/** Orders of customers that pass the fraud check, spread over the catalogue. */
	String order() {
		long n = this.customer.incrementAndGet();
		long customerId = 1 + n % 49;
		return "{\"customerId\": %d, \"lines\": [{\"sku\": \"SKU-%05d\", \"quantity\": 1}]}".formatted(customerId,
				1 + n % 1000);
	}

	void awaitIdle() {
		await().atMost(Duration.ofSeconds(15))
			.until(() -> this.app.metric("orders_in_flight") == 0 && this.app.metric("partner_calls_in_flight") == 0);
	}

	static List<String> created(List<Outcome> outcomes) {
		return outcomes.stream().filter((o) -> o.status() == 201).map(Outcome::orderId).toList();
	}

	static Map<Integer, Long> statusCounts(List<Outcome> outcomes) {
		return outcomes.stream().collect(Collectors.groupingBy(Outcome::status, TreeMap::new, Collectors.counting()));
	}

	static long maxLatencyMillis(List<Outcome> outcomes, Predicate<Outcome> filter) {
		return Math.round(outcomes.stream().filter(filter).mapToDouble(Outcome::latencyMillis).max().orElse(0));
	}

	static long percentileMillis(List<Outcome> outcomes, Predicate<Outcome> filter, double quantile) {
		List<Outcome> sorted = outcomes.stream()
			.filter(filter)
			.sorted(Comparator.comparingLong(Outcome::latencyNanos))
			.toList();
		if (sorted.isEmpty()) {
			return 0;
		}
		int index = (int) Math.ceil(quantile * sorted.size()) - 1;
		return Math.round(sorted.get(Math.max(0, index)).latencyMillis());
	}

}
