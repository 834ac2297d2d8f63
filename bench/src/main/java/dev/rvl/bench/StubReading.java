package dev.rvl.bench;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.rvl.testsupport.PrometheusText;

/**
 * The partner stub's own latency histogram of the two partner endpoints, summed over
 * status and outcome: what the stub measured from reading a request to answering it.
 */
final class StubReading {

	static final Set<String> PARTNER_URIS = Set.of("/fraud/score", "/shipping/quote");

	private StubReading() {
	}

	/** Cumulative count per upper bound (seconds), over both partner endpoints. */
	static Map<Double, Double> buckets(PrometheusText metrics) {
		Map<Double, Double> buckets = new TreeMap<>();
		metrics.named("http_server_requests_seconds_bucket")
			.stream()
			.filter((sample) -> PARTNER_URIS.contains(sample.labels().get("uri")))
			.forEach((sample) -> buckets.merge(PrometheusText.parseValue(sample.labels().get("le")), sample.value(),
					Double::sum));
		return buckets;
	}

}
