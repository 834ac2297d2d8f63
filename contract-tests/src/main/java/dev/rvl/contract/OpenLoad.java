package dev.rvl.contract;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

/**
 * A fixed arrival rate for the resilience scenarios: request {@code i} is sent at
 * {@code start + i / rate} whether or not earlier ones were answered (an open model, so a
 * slow app cannot slow the offered load down), and every outcome is kept with its send
 * time.
 */
public final class OpenLoad {

	private OpenLoad() {
	}

	/**
	 * Offers {@code rate} requests per second for {@code duration} and waits for all
	 * answers.
	 * @param baseUrl the app
	 * @param rate requests per second
	 * @param duration how long to send
	 * @param body the JSON order of request {@code i}
	 * @return one outcome per request, in send order
	 */
	public static List<Outcome> placeOrders(URI baseUrl, double rate, Duration duration, IntFunction<String> body) {
		HttpClient http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5))
			.build();
		int count = (int) Math.round(rate * duration.toMillis() / 1000.0);
		long interval = (long) (1_000_000_000L / rate);
		long start = System.nanoTime();
		List<CompletableFuture<Outcome>> pending = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			long sendAt = start + i * interval;
			LockSupport.parkNanos(sendAt - System.nanoTime());
			HttpRequest request = HttpRequest.newBuilder(baseUrl.resolve("/api/orders"))
				.timeout(Duration.ofSeconds(30))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(body.apply(i)))
				.build();
			long sent = System.nanoTime();
			pending.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
				.handle((response, failure) -> Outcome.of(sent - start, System.nanoTime() - sent, response, failure)));
		}
		List<Outcome> outcomes = new ArrayList<>(count);
		pending.forEach((future) -> outcomes.add(future.join()));
		return Collections.unmodifiableList(outcomes);
	}

	/**
	 * One request's fate.
	 *
	 * @param sentAtNanos when it was sent, after the start of the load
	 * @param latencyNanos until the answer (or the failure)
	 * @param status the HTTP status, or -1 when no answer came (connection refused,
	 * reset, ...)
	 * @param body the answer's body, or the failure's class name
	 */
	public record Outcome(long sentAtNanos, long latencyNanos, int status, String body) {

		static Outcome of(long sentAt, long latency, HttpResponse<String> response, Throwable failure) {
			if (response != null) {
				return new Outcome(sentAt, latency, response.statusCode(), response.body());
			}
			Throwable cause = (failure.getCause() != null) ? failure.getCause() : failure;
			return new Outcome(sentAt, latency, -1, cause.getClass().getSimpleName());
		}

		public double sentAtSeconds() {
			return this.sentAtNanos / 1e9;
		}

		public double latencyMillis() {
			return this.latencyNanos / 1e6;
		}

		/** The order id of a 201 or 200 answer. */
		public String orderId() {
			return Api.JSON.readTree(this.body).get("id").asString();
		}

	}

}
