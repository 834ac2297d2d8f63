package dev.rvl.web;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import dev.rvl.domain.config.WarmUpSettings;
import dev.rvl.domain.seed.SeedData;

/**
 * An app's warm-up before it reports ready: it sends itself, over HTTP on its own port,
 * the requests of the order path that write nothing - orders of customers the fraud
 * partner always rejects (validation, both database reads, both partner calls, pricing,
 * the 422 problem), order lists (the read and the order view's JSON) and a missing order
 * (404) - until its JIT compiler has settled or {@link WarmUpSettings#maxDuration()} has
 * passed. A cold JVM costs several times a warm one per request (its compiler threads
 * take up to half of a small CPU quota for the first minute, README, <em>Cold start under
 * traffic</em>); a service that takes traffic only when ready (a Kubernetes readiness
 * probe, a load balancer's health check) spends that minute on its own requests instead
 * of its callers'.
 * <p>
 * Settled means: at least {@link #MIN_REQUESTS} requests answered as expected and, in the
 * last {@link #WINDOW}, the JIT's compiler threads used less than {@link #SETTLED_SHARE}
 * of a core - the benchmark's own limit for a measured step. The warm-up gives up at once
 * when its first {@link #GIVE_UP_AFTER} answers are none of what it expects (no partner
 * stub, no seeded data): readiness is not held back by a warm-up that cannot work.
 * Nothing is written either way: every order it sends is rejected before the transaction.
 */
public final class WarmUp {

	/** Clock ticks per second of {@code /proc} CPU times; 100 on every Linux. */
	static final int CLOCK_TICKS = 100;

	/** How often the JIT's progress is looked at. */
	static final Duration WINDOW = Duration.ofSeconds(1);

	/**
	 * Requests answered as expected (through the order path, not refused at the door)
	 * before the JIT is asked whether it settled: a quiet compiler before the hot methods
	 * reached its thresholds (thousands of invocations) says nothing.
	 */
	static final int MIN_REQUESTS = 1_000;

	/**
	 * The JIT has settled when its compiler threads used less than this share of one core
	 * in a window: the benchmark's limit for a measured step
	 * ({@code AppFindings.JIT_CORES}).
	 */
	static final double SETTLED_SHARE = 0.1;

	/**
	 * Unexpected answers (not 503, which is the app's own admission) after which a
	 * warm-up that got none it expects gives up.
	 */
	static final int GIVE_UP_AFTER = 20;

	private static final int FRAUD_REJECTED_CUSTOMERS = SeedData.CUSTOMERS / 50;

	private static final long STRIDE = 7919;

	private final WarmUpSettings settings;

	private final LongSupplier compilationMillis;

	/**
	 * A warm-up with these settings that reads the JIT's compilation time from the
	 * running JVM.
	 * @param settings the {@code orders.warm-up.*} settings
	 */
	public WarmUp(WarmUpSettings settings) {
		this(settings, compilationMillis());
	}

	WarmUp(WarmUpSettings settings, LongSupplier compilationMillis) {
		this.settings = settings;
		this.compilationMillis = compilationMillis;
	}

	/**
	 * Warms the app at {@code baseUrl} up; returns when the JIT has settled, the time is
	 * up, or the warm-up gave up.
	 * @param baseUrl the app's own address, e.g. {@code http://127.0.0.1:8081}
	 * @return what it did
	 */
	public Result run(URI baseUrl) throws InterruptedException {
		long started = System.nanoTime();
		long deadline = started + this.settings.maxDuration().toNanos();
		Counts counts = new Counts();
		AtomicBoolean stop = new AtomicBoolean();
		AtomicLong next = new AtomicLong();
		Ending ending;
		long lastWindowCompilation = 0;
		try (ExecutorService threads = Executors
			.newThreadPerTaskExecutor(Thread.ofVirtual().name("warm-up-", 0).factory());
				HttpClient client = HttpClient.newBuilder()
					.version(HttpClient.Version.HTTP_1_1)
					.connectTimeout(Duration.ofSeconds(1))
					.executor(threads)
					.build()) {
			List<Thread> senders = new ArrayList<>();
			for (int i = 0; i < this.settings.concurrency(); i++) {
				senders.add(Thread.ofVirtual()
					.name("warm-up-sender-" + i)
					.start(() -> send(client, baseUrl, next, counts, stop)));
			}
			long compiled = this.compilationMillis.getAsLong();
			while (true) {
				long now = System.nanoTime();
				if (now >= deadline) {
					ending = Ending.TIME_UP;
					break;
				}
				Thread.sleep(Math.min(WINDOW.toMillis(), Math.max(1, (deadline - now) / 1_000_000)));
				long compiledNow = this.compilationMillis.getAsLong();
				lastWindowCompilation = compiledNow - compiled;
				compiled = compiledNow;
				if (counts.unexpected.get() >= GIVE_UP_AFTER && counts.expected.get() == 0) {
					ending = Ending.GAVE_UP;
					break;
				}
				if (counts.expected.get() >= MIN_REQUESTS
						&& lastWindowCompilation < SETTLED_SHARE * WINDOW.toMillis()) {
					ending = Ending.SETTLED;
					break;
				}
			}
			stop.set(true);
			for (Thread sender : senders) {
				sender.join();
			}
		}
		return new Result(ending, Duration.ofNanos(System.nanoTime() - started), counts.expected.get(),
				counts.refused.get(), counts.unexpected.get(), lastWindowCompilation, counts.firstUnexpected);
	}

	private void send(HttpClient client, URI baseUrl, AtomicLong next, Counts counts, AtomicBoolean stop) {
		while (!stop.get()) {
			Call call = call(baseUrl, next.getAndIncrement());
			try {
				int status = client.send(call.request(), HttpResponse.BodyHandlers.discarding()).statusCode();
				counts.count(call, status);
			}
			catch (IOException ex) {
				counts.unexpected(call, ex.toString());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	/**
	 * The warm-up's request number {@code index}: seven in ten orders of a customer the
	 * fraud partner always rejects, two order lists, one missing order.
	 */
	static Call call(URI baseUrl, long index) {
		long spread = Math.floorMod(index * STRIDE, (long) SeedData.CUSTOMERS);
		return switch ((int) Math.floorMod(index, 10L)) {
			case 7, 8 ->
				new Call(HttpRequest.newBuilder(baseUrl.resolve("/api/customers/" + (1 + spread) + "/orders?limit=20"))
					.timeout(Duration.ofSeconds(10))
					.GET()
					.build(), Set.of(200));
			case 9 -> new Call(HttpRequest.newBuilder(baseUrl.resolve("/api/orders/" + new UUID(0x7000L, index)))
				.timeout(Duration.ofSeconds(10))
				.GET()
				.build(), Set.of(404));
			default -> new Call(HttpRequest.newBuilder(baseUrl.resolve("/api/orders"))
				.timeout(Duration.ofSeconds(10))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(rejectedOrder(index)))
				.build(), Set.of(422));
		};
	}

	/** An order of a customer the fraud partner always rejects (every 50th customer). */
	static String rejectedOrder(long index) {
		long customerId = 50 * (1 + Math.floorMod(index * STRIDE, (long) FRAUD_REJECTED_CUSTOMERS));
		StringBuilder json = new StringBuilder("{\"customerId\":").append(customerId).append(",\"lines\":[");
		int lines = SeedData.lineCount(index);
		for (int k = 0; k < lines; k++) {
			json.append(k == 0 ? "" : ",")
				.append("{\"sku\":\"")
				.append(SeedData.lineSku(index * 131, k))
				.append("\",\"quantity\":")
				.append(1 + Math.floorMod(index + k, 3L))
				.append('}');
		}
		return json.append("]}").toString();
	}

	/**
	 * The JIT's work so far, in milliseconds: the CPU time of its compiler threads from
	 * {@code /proc/self/task} on Linux (what the benchmark's {@code jit-not-settled}
	 * check reads), elsewhere the compilation time the JVM reports (elapsed, not CPU: a
	 * long compilation counts only when it ends).
	 */
	static LongSupplier compilationMillis() {
		Path tasks = Path.of("/proc/self/task");
		if (Files.isDirectory(tasks)) {
			return () -> compilerThreadsCpuMillis(tasks);
		}
		CompilationMXBean compilation = ManagementFactory.getCompilationMXBean();
		if (compilation == null || !compilation.isCompilationTimeMonitoringSupported()) {
			// no JIT to wait for (an interpreter-only or native image): settled at once
			return () -> 0;
		}
		return compilation::getTotalCompilationTime;
	}

	private static long compilerThreadsCpuMillis(Path tasks) {
		long ticks = 0;
		try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
			for (Path thread : threads) {
				try {
					String name = Files.readString(thread.resolve("comm")).strip();
					if (name.startsWith("C2 CompilerThre") || name.startsWith("C1 CompilerThre")) {
						ticks += cpuTicks(Files.readString(thread.resolve("stat")));
					}
				}
				catch (IOException ex) {
					// the thread ended while being read: its time no longer counts
				}
			}
		}
		catch (IOException ex) {
			return 0;
		}
		return ticks * 1000 / CLOCK_TICKS;
	}

	/**
	 * User and system time from a {@code /proc/.../stat} line, in clock ticks: fields 14
	 * and 15, counted after the command name's closing parenthesis (a name may hold
	 * spaces).
	 */
	static long cpuTicks(String stat) {
		String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
		return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
	}

	/**
	 * One warm-up request and the statuses it expects.
	 *
	 * @param request the request
	 * @param expected its expected statuses
	 */
	record Call(HttpRequest request, Set<Integer> expected) {
	}

	/** Why a warm-up ended. */
	public enum Ending {

		/** The JIT's compiler threads used less than 0.1 cores in the last second. */
		SETTLED,

		/** {@code orders.warm-up.max-duration} passed first. */
		TIME_UP,

		/**
		 * Its first answers were none of what it expects (no partner, no seeded data).
		 */
		GAVE_UP

	}

	/**
	 * What a warm-up did.
	 *
	 * @param ending why it ended
	 * @param duration how long it took
	 * @param expected answers it expected (422, 200, 404)
	 * @param refused answers 503: the app's admission refused them (a cold app on a small
	 * CPU); they warm the path up to the refusal
	 * @param unexpected other answers and failed requests
	 * @param lastWindowCompilationMillis the JIT's work in the last window: its compiler
	 * threads' CPU time (Linux) or its compilation time
	 * @param firstUnexpected the first unexpected answer or failure, or {@code null}
	 */
	public record Result(Ending ending, Duration duration, long expected, long refused, long unexpected,
			long lastWindowCompilationMillis, String firstUnexpected) {

		/** All requests answered or failed. */
		public long requests() {
			return this.expected + this.refused + this.unexpected;
		}

	}

	private static final class Counts {

		private final AtomicLong expected = new AtomicLong();

		private final AtomicLong refused = new AtomicLong();

		private final AtomicLong unexpected = new AtomicLong();

		private volatile String firstUnexpected;

		void count(Call call, int status) {
			if (call.expected().contains(status)) {
				this.expected.incrementAndGet();
			}
			else if (status == 503) {
				this.refused.incrementAndGet();
			}
			else {
				unexpected(call, "status " + status);
			}
		}

		void unexpected(Call call, String what) {
			this.unexpected.incrementAndGet();
			if (this.firstUnexpected == null) {
				this.firstUnexpected = call.request().method() + " " + call.request().uri().getPath() + ": " + what;
			}
		}

		long answered() {
			return this.expected.get() + this.refused.get() + this.unexpected.get();
		}

	}

}
