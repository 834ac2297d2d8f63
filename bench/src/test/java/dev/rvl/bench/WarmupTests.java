package dev.rvl.bench;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's triangle and how its rate follows the app. */
class WarmupTests {

	@Test
	void climbsToThePeakHalfWayAndComesBackDown() {
		assertThat(Warmup.rateAt(0, 60, 100, 700)).isEqualTo(100);
		assertThat(Warmup.rateAt(15, 60, 100, 700)).isEqualTo(400);
		assertThat(Warmup.rateAt(30, 60, 100, 700)).isEqualTo(700);
		assertThat(Warmup.rateAt(60, 60, 100, 700)).isEqualTo(100);
	}

	private static final Duration HUNDRED_MS_PARTNERS = Duration.ofMillis(110);

	private static final Duration THREE_SECOND_PARTNERS = Duration.ofMillis(3010);

	@Test
	void stopsClimbingWhenMoreIsOutstandingThanTheIdealLatencyKeepsInFlightAndALittleMore() {
		assertThat(Warmup.fallenBehind(30, 300, HUNDRED_MS_PARTNERS)).as("a tenth of a second at 300/s").isFalse();
		assertThat(Warmup.fallenBehind(152, 300, HUNDRED_MS_PARTNERS)).as("0.11 + 0.4 s at 300/s: 153").isFalse();
		assertThat(Warmup.fallenBehind(154, 300, HUNDRED_MS_PARTNERS)).isTrue();
		assertThat(Warmup.fallenBehind(19, 10, HUNDRED_MS_PARTNERS)).as("at least 20").isFalse();
		assertThat(Warmup.fallenBehind(21, 10, HUNDRED_MS_PARTNERS)).isTrue();
	}

	@Test
	void letsAnAppBehindSlowPartnersHoldWhatLittlesLawSaysItHolds() {
		// 160 orders/s behind 3 s partners: 480 in flight when all is well
		assertThat(Warmup.fallenBehind(480, 160, THREE_SECOND_PARTNERS)).isFalse();
		assertThat(Warmup.fallenBehind(540, 160, THREE_SECOND_PARTNERS)).as("3.41 s at 160/s: 545").isFalse();
		assertThat(Warmup.fallenBehind(546, 160, THREE_SECOND_PARTNERS)).as("a backlog").isTrue();
		// and so climbs past the 20 orders a fixed allowance took for a backlog
		assertThat(Warmup.nextRate(10, 160, 30, THREE_SECOND_PARTNERS, 20)).isEqualTo(12);
	}

	@Test
	void startsAtATenthOfTheFirstLevelAndGrowsTowardsTheTriangleWhileTheAppKeepsUp() {
		assertThat(Warmup.startRate(200)).isEqualTo(20);
		assertThat(Warmup.startRate(20)).as("at least 5 orders/s").isEqualTo(5);
		assertThat(Warmup.nextRate(20, 300, 2, HUNDRED_MS_PARTNERS, 200)).isEqualTo(24);
		assertThat(Warmup.nextRate(290, 300, 30, HUNDRED_MS_PARTNERS, 200)).as("never above the triangle")
			.isEqualTo(300);
		assertThat(Warmup.nextRate(600, 500, 60, HUNDRED_MS_PARTNERS, 200)).as("follows the triangle down")
			.isEqualTo(500);
	}

	@Test
	void backsOffWhenTheAppHasFallenBehindAndClimbsAgainOnceItCaughtUp() {
		double backedOff = Warmup.nextRate(400, 600, 250, HUNDRED_MS_PARTNERS, 200);
		assertThat(backedOff).isEqualTo(280);
		assertThat(Warmup.nextRate(backedOff, 600, 10, HUNDRED_MS_PARTNERS, 200)).isEqualTo(336);
		assertThat(Warmup.nextRate(21, 600, 500, HUNDRED_MS_PARTNERS, 200)).as("never under the start").isEqualTo(20);
	}

	@Test
	void theSettleCheckHoldsTheFirstLevelFromItsFirstSecondWhereTheWarmUpRampsUp() throws Exception {
		// a real HTTP server that refuses every order at once: only the sender's schedule
		// decides how many arrive
		AtomicInteger orders = new AtomicInteger();
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
		server.createContext("/api/orders", (exchange) -> {
			orders.incrementAndGet();
			exchange.getRequestBody().readAllBytes();
			byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(503, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		try {
			URI app = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
			Warmup.hold(app, HUNDRED_MS_PARTNERS, 100, Duration.ofSeconds(2));
			int held = orders.getAndSet(0);
			Warmup.run(app, HUNDRED_MS_PARTNERS, 100, 100, Duration.ofSeconds(2));
			int ramped = orders.get();
			// planned: 200 held, about 27 ramped; wide margins, since a starved machine
			// makes
			// the sender back off
			assertThat(held).as("2 s at 100 orders/s from the start").isBetween(140, 201);
			assertThat(ramped).as("from 10 orders/s, +20 % per half second").isLessThan(70);
		}
		finally {
			server.stop(0);
		}
	}

	@Test
	void warmsUpWithOneToThreeDistinctLinesAsTheMeasuredLoadHas() {
		assertThat(Warmup.lines(0)).containsOnlyOnce("\"sku\"");
		assertThat(Warmup.lines(1).split("\"sku\"")).hasSize(3);
		String three = Warmup.lines(2);
		assertThat(three.split("\"sku\"")).hasSize(4);
		assertThat(three).startsWith("[").endsWith("]");
		List<String> skus = Pattern.compile("SKU-\\d{5}").matcher(three).results().map(MatchResult::group).toList();
		assertThat(skus).hasSize(3).doesNotHaveDuplicates();
	}

}
