package dev.rvl.web;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.rvl.domain.config.WarmUpSettings;
import dev.rvl.domain.order.OrderRequestReader;
import dev.rvl.domain.order.OrderValidator;
import dev.rvl.domain.order.ValidatedOrder;
import dev.rvl.domain.seed.SeedData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The warm-up's requests and when it ends, against an HTTP server on loopback that
 * answers as an app with its partner and seed would (or would not). The app's own
 * warm-up, on its shipped settings, is tested by the resilience suite
 * ({@code ResilienceContract}).
 */
class WarmUpTests {

	private static final URI BASE = URI.create("http://127.0.0.1:8081");

	private HttpServer server;

	@AfterEach
	void stop() {
		if (this.server != null) {
			this.server.stop(0);
		}
	}

	@Test
	void sendsOrdersTheFraudPartnerRejectsListsAndAMissingOrder() {
		Map<String, Integer> kinds = new HashMap<>();
		for (long index = 0; index < 1_000; index++) {
			WarmUp.Call call = WarmUp.call(BASE, index);
			HttpRequest request = call.request();
			String path = request.uri().getPath();
			if (request.method().equals("POST")) {
				assertThat(path).isEqualTo("/api/orders");
				assertThat(call.expected()).containsExactly(422);
				ValidatedOrder order = OrderValidator.validate(
						OrderRequestReader.read(WarmUp.rejectedOrder(index).getBytes(StandardCharsets.UTF_8)), null);
				assertThat(SeedData.alwaysFraudRejected(order.customerId())).as(path).isTrue();
				assertThat(order.customerId()).isBetween(1L, (long) SeedData.CUSTOMERS);
				kinds.merge("rejected order", 1, Integer::sum);
			}
			else if (path.startsWith("/api/customers/")) {
				assertThat(path).matches("/api/customers/\\d+/orders");
				assertThat(call.expected()).containsExactly(200);
				kinds.merge("list", 1, Integer::sum);
			}
			else {
				assertThat(path).matches("/api/orders/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}");
				assertThat(call.expected()).containsExactly(404);
				kinds.merge("missing order", 1, Integer::sum);
			}
		}
		assertThat(kinds)
			.containsExactlyInAnyOrderEntriesOf(Map.of("rejected order", 700, "list", 200, "missing order", 100));
	}

	@Test
	void endsWhenTheJitHasSettled() throws InterruptedException {
		URI app = serve(false, 0);

		WarmUp.Result result = new WarmUp(new WarmUpSettings(Duration.ofMinutes(5), 8), () -> 0).run(app);

		assertThat(result.ending()).isEqualTo(WarmUp.Ending.SETTLED);
		assertThat(result.expected()).isGreaterThanOrEqualTo(WarmUp.MIN_REQUESTS);
		assertThat(result.unexpected()).isZero();
		assertThat(result.firstUnexpected()).isNull();
	}

	@Test
	void goesOnWhileTheJitCompilesUntilItsTimeIsUp() throws InterruptedException {
		URI app = serve(false, 0);
		AtomicLong compiled = new AtomicLong();
		LongSupplier busyCompiler = () -> compiled.addAndGet(500);

		WarmUp.Result result = new WarmUp(new WarmUpSettings(Duration.ofSeconds(3), 8), busyCompiler).run(app);

		assertThat(result.ending()).isEqualTo(WarmUp.Ending.TIME_UP);
		assertThat(result.expected()).isPositive();
		assertThat(result.unexpected()).isZero();
	}

	@Test
	void takesRefusalsAsTheAppsOwnAdmissionNotAsFailures() throws InterruptedException {
		URI app = serve(false, 503);

		WarmUp.Result result = new WarmUp(new WarmUpSettings(Duration.ofSeconds(2), 4), () -> 0).run(app);

		assertThat(result.ending()).isEqualTo(WarmUp.Ending.TIME_UP);
		assertThat(result.refused()).isPositive();
		assertThat(result.expected()).isZero();
	}

	@Test
	void givesUpWhenNothingAnswersAsExpected() throws InterruptedException {
		URI app = serve(false, 502); // no partner: partner-unavailable

		WarmUp.Result result = new WarmUp(new WarmUpSettings(Duration.ofMinutes(5), 4), () -> 0).run(app);

		assertThat(result.ending()).isEqualTo(WarmUp.Ending.GAVE_UP);
		assertThat(result.unexpected()).isGreaterThanOrEqualTo(WarmUp.GIVE_UP_AFTER);
		assertThat(result.firstUnexpected()).contains("status 502");
	}

	@Test
	void givesUpWhenNothingListens() throws InterruptedException {
		URI app = serve(true, 0);

		WarmUp.Result result = new WarmUp(new WarmUpSettings(Duration.ofMinutes(5), 4), () -> 0).run(app);

		assertThat(result.ending()).isEqualTo(WarmUp.Ending.GAVE_UP);
		assertThat(result.firstUnexpected()).contains("ConnectException");
	}

	@Test
	void readsTheCpuTimeOfAStatLine() {
		String stat = "4242 (C2 CompilerThre) S 1 4242 4242 0 -1 4194368 10 0 0 0 317 25 0 0 20 0 40 0 100 0 0";

		assertThat(WarmUp.cpuTicks(stat)).isEqualTo(342);
	}

	@Test
	void readsThisJvmsJitWork() {
		LongSupplier compilation = WarmUp.compilationMillis();

		long first = compilation.getAsLong();

		assertThat(first).isNotNegative();
		assertThat(compilation.getAsLong()).isGreaterThanOrEqualTo(first);
	}

	/**
	 * An app on loopback: the warm-up's expected answers, or {@code status} for all of
	 * them when it is not 0; with {@code closed}, a port nothing listens on.
	 */
	private URI serve(boolean closed, int status) {
		try {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		this.server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
		this.server.createContext("/", (exchange) -> answer(exchange, (status != 0) ? status : expected(exchange)));
		this.server.start();
		URI uri = URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
		if (closed) {
			this.server.stop(0);
			this.server = null;
		}
		return uri;
	}

	private static int expected(HttpExchange exchange) {
		String path = exchange.getRequestURI().getPath();
		if (exchange.getRequestMethod().equals("POST")) {
			return 422;
		}
		return path.startsWith("/api/customers/") ? 200 : 404;
	}

	private static void answer(HttpExchange exchange, int status) throws IOException {
		exchange.getRequestBody().readAllBytes();
		exchange.sendResponseHeaders(status, -1);
		exchange.close();
	}

}
