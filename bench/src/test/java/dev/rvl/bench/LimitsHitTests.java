package dev.rvl.bench;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LimitsHitTests {

	@Test
	void attributesTheBaselinesCollapseToItsThreadPool() {
		ResourceSeries resources = series(
				Map.of(ResourceSeries.BUSY_THREADS, List.of(120.0, 200.0, 200.0), ResourceSeries.POOL_PENDING,
						List.of(0.0, 0.0, 0.0), ResourceSeries.IN_FLIGHT, List.of(50.0, 200.0, 200.0)));

		List<String> limits = LimitsHit.describe(Map.of("201", 900L, "timeout", 40L, "io-error", 3L), Map.of(),
				Map.of(), resources, Map.of("Tomcat max threads", "200"), 10_000, 10_000);

		assertThat(limits).containsExactly("Tomcat's thread pool: all 200 request threads busy",
				"40 requests unanswered within 10 s (queued: waiting for a thread, a connection or the event loop)",
				"3 connections refused or reset (accept queue or max-connections)");
	}

	@Test
	void namesOverloadPartnerTimeoutsAndPoolWaits() {
		ResourceSeries resources = series(Map.of(ResourceSeries.POOL_PENDING, Arrays.asList(null, 4.0, 12.0),
				ResourceSeries.IN_FLIGHT, List.of(10.0, 10_000.0, 20.0)));

		List<String> limits = LimitsHit.describe(Map.of("503", 7L, "504", 2L), Map.of("overloaded", 7L), Map.of(),
				resources, Map.of(), 10_000, 10_000);

		assertThat(limits).containsExactly(
				"7 x 503 overloaded (the scheduling-lag guard or the admission limit on orders, the memory guard of 10000 in flight, the queue budget "
						+ "or the DB pool wait), 7 counted by the app",
				"2 x 504 partner-timeout (the partner deadline passed)",
				"DB pool: up to 12 requests waiting for a connection", "admission limit: 10000 requests in flight");
	}

	@Test
	void saysWhoRefusedWhenTheAppCountsItsRefusalsByReason() {
		List<String> limits = LimitsHit.describe(Map.of("201", 900L, "503", 120L), Map.of("overloaded", 4L),
				Map.of("scheduling-lag", 90L, "order-limit", 26L, "memory-guard", 0L), series(Map.of()), Map.of(),
				10_000, 10_000);

		assertThat(limits).containsExactly("120 x 503 overloaded: 90 at the door by the scheduling-lag guard, "
				+ "26 by the adaptive limit on orders, 0 by the memory guard of 10000 in flight; "
				+ "4 after admission (the queue budget or the DB pool wait)");
	}

	@Test
	void knowsVirtualThreadTomcatHasNoPoolToExhaust() {
		ResourceSeries resources = series(Map.of(ResourceSeries.BUSY_THREADS, List.of(3.0, 900.0, 40.0)));

		assertThat(LimitsHit.describe(Map.of(), Map.of(), Map.of(), resources, Map.of("Tomcat max threads", "-1"),
				10_000, 10_000))
			.isEmpty();
	}

	@Test
	void saysNothingWhenNoLimitWasReached() {
		assertThat(
				LimitsHit.describe(Map.of("201", 10L), Map.of(), Map.of(), series(Map.of()), Map.of(), 10_000, 10_000))
			.isEmpty();
	}

	private static ResourceSeries series(Map<String, List<Double>> columns) {
		return new ResourceSeries(List.of(0L, 1000L, 2000L), new HashMap<>(columns));
	}

}
