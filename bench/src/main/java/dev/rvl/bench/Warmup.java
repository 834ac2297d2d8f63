package dev.rvl.bench;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.rvl.domain.seed.SeedData;

/**
 * Warms an app up before it is measured (JIT, pools, caches): the same request mix as the
 * simulations (place an order, read it back, now and then list the customer's orders),
 * from the runner itself, at an arrival rate that climbs towards the plan's top and back
 * down to its first level (a triangle): the JIT compiles the paths the top rate takes -
 * deeper queues, more connections, more threads - before anything is measured, and the
 * app enters the measurement calm. A cold app on a small CPU cannot take even the first
 * level at once, and an app fed beyond what it can do only builds a backlog while its JIT
 * compiler starves for CPU (the platform baseline, which sheds nothing, collapsed under
 * it). So the rate follows the app, additive-increase / multiplicative-decrease style: it
 * starts at a tenth of the first level, grows by {@value #GROWTH} per
 * {@value #TICK_SECONDS} s towards the triangle while the app keeps up, and falls to
 * {@value #BACK_OFF} of itself whenever the app has fallen behind: more orders
 * outstanding than the rate keeps in flight at the order's ideal latency (Little's law:
 * partner latency and the DB allowance) plus {@value #SLACK_SECONDS} s of the rate.
 * Nothing of it is reported except the counts and the rate reached.
 */
final class Warmup {

	/** Seconds between two adjustments of the rate. */
	static final double TICK_SECONDS = 0.5;

	/** The rate's growth per tick while the app keeps up. */
	static final double GROWTH = 1.2;

	/** The rate's share kept when the app has fallen behind. */
	static final double BACK_OFF = 0.7;

	/**
	 * Seconds of the rate an app may hold beyond what its ideal latency keeps in flight
	 * before it counts as fallen behind.
	 */
	static final double SLACK_SECONDS = 0.4;

	private Warmup() {
	}

	/**
	 * @param baseUrl the app
	 * @param ideal what an order takes with no queueing (partner latency and DB
	 * allowance)
	 * @param fromRate the rate at the start and the end (orders/s)
	 * @param peakRate the rate half-way through
	 * @param duration how long
	 */
	static Result run(URI baseUrl, Duration ideal, double fromRate, double peakRate, Duration duration)
			throws InterruptedException {
		return run(baseUrl, ideal, startRate(fromRate), fromRate, peakRate, duration);
	}

	/**
	 * One rate from the first second (backed off only when the app falls behind): the JIT
	 * settle check, which must see the app at the plan's first level, not on a ramp that
	 * would take longer than the check to reach it.
	 * @param baseUrl the app
	 * @param ideal what an order takes with no queueing
	 * @param rate orders/s
	 * @param duration how long
	 */
	static Result hold(URI baseUrl, Duration ideal, double rate, Duration duration) throws InterruptedException {
		return run(baseUrl, ideal, rate, rate, rate, duration);
	}

	private static Result run(URI baseUrl, Duration ideal, double initialRate, double fromRate, double peakRate,
			Duration duration) throws InterruptedException {
		AtomicLong ok = new AtomicLong();
		AtomicLong failed = new AtomicLong();
		AtomicLong done = new AtomicLong();
		double seconds = duration.toMillis() / 1000.0;
		double rate = initialRate;
		double reached = 0;
		long start = System.nanoTime();
		try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
			double at = 0;
			double nextTick = TICK_SECONDS;
			for (long i = 0; at < seconds; i++) {
				long wait = start + (long) (at * 1e9) - System.nanoTime();
				if (wait > 0) {
					TimeUnit.NANOSECONDS.sleep(wait);
				}
				long index = i;
				threads.submit(() -> {
					try {
						shop(baseUrl, index, ok, failed);
					}
					finally {
						done.incrementAndGet();
					}
				});
				if (at >= nextTick) {
					rate = nextRate(rate, rateAt(at, seconds, fromRate, peakRate), i + 1 - done.get(), ideal, fromRate);
					nextTick += TICK_SECONDS;
				}
				reached = Math.max(reached, rate);
				at += 1 / rate;
			}
			threads.shutdown();
			threads.awaitTermination(30, TimeUnit.SECONDS);
		}
		return new Result(ok.get(), failed.get(), Math.round(reached));
	}

	/** Where the rate starts: a tenth of the first level, at least 5 orders/s. */
	static double startRate(double fromRate) {
		return Math.max(5, fromRate / 10);
	}

	/**
	 * The next tick's rate: backed off when the app has fallen behind, else grown towards
	 * the triangle (never above it, so it follows the triangle down); never under the
	 * start rate.
	 * @param rate the rate now
	 * @param target the triangle's rate now
	 * @param outstanding orders sent and not yet answered
	 * @param ideal what an order takes with no queueing
	 * @param fromRate the plan's first level
	 */
	static double nextRate(double rate, double target, long outstanding, Duration ideal, double fromRate) {
		double next = fallenBehind(outstanding, rate, ideal) ? rate * BACK_OFF : Math.min(target, rate * GROWTH);
		return Math.max(startRate(fromRate), next);
	}

	/**
	 * More orders outstanding than the rate keeps in flight at the ideal latency plus
	 * {@value #SLACK_SECONDS} s of the rate (at least 20): the app does not keep up. A
	 * healthy app holds rate x ideal latency (Little's law) and a little more: with 100
	 * ms partners about a tenth of a second's worth, with 3 s partners three seconds'
	 * worth, which a fixed allowance would have taken for a backlog.
	 */
	static boolean fallenBehind(long outstanding, double rate, Duration ideal) {
		double seconds = ideal.toMillis() / 1000.0 + SLACK_SECONDS;
		return outstanding > Math.max(20, rate * seconds);
	}

	/** The triangle: {@code from} at 0 and at the end, {@code peak} half-way. */
	static double rateAt(double second, double seconds, double from, double peak) {
		double half = seconds / 2;
		double share = (second <= half) ? second / half : (seconds - second) / half;
		return from + (peak - from) * Math.max(0, Math.min(1, share));
	}

	private static void shop(URI baseUrl, long index, AtomicLong ok, AtomicLong failed) {
		// Customers from the top of the range, SKUs from a stride of their own.
		long customer = SeedData.CUSTOMERS - Math.floorMod(index * 7919, SeedData.CUSTOMERS);
		String body = "{\"customerId\":" + customer + ",\"lines\":" + lines(index) + "}";
		try {
			HttpResponse<String> placed = Http.client()
				.send(HttpRequest.newBuilder(baseUrl.resolve("/api/orders"))
					.timeout(Duration.ofSeconds(10))
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString(body))
					.build(), HttpResponse.BodyHandlers.ofString());
			boolean expected = placed.statusCode() == (SeedData.alwaysFraudRejected(customer) ? 422 : 201);
			(expected ? ok : failed).incrementAndGet();
			if (placed.statusCode() == 201) {
				get(baseUrl.resolve(placed.headers().firstValue("Location").orElseThrow()), ok, failed);
			}
			if (index % 10 == 9) {
				get(baseUrl.resolve("/api/customers/" + customer + "/orders?limit=20"), ok, failed);
			}
		}
		catch (Exception ex) {
			failed.incrementAndGet();
		}
	}

	/**
	 * One to three lines by the same rule as the measured load (Gatling's
	 * {@code FedOrder}), from products of their own, so the JIT compiles the loops over
	 * lines for what they will carry.
	 */
	static String lines(long index) {
		int count = SeedData.lineCount(index);
		StringBuilder lines = new StringBuilder("[");
		for (int k = 0; k < count; k++) {
			String sku = SeedData.lineSku(index * 211, k);
			lines.append((k > 0) ? "," : "").append("{\"sku\":\"").append(sku).append("\",\"quantity\":1}");
		}
		return lines.append(']').toString();
	}

	private static void get(URI uri, AtomicLong ok, AtomicLong failed) throws Exception {
		int status = Http.client()
			.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
					HttpResponse.BodyHandlers.discarding())
			.statusCode();
		((status == 200) ? ok : failed).incrementAndGet();
	}

	/**
	 * What the warm-up did.
	 *
	 * @param ok requests answered as expected
	 * @param failed requests that were not
	 * @param reached the highest rate offered (orders/s)
	 */
	record Result(long ok, long failed, long reached) {
	}

}
