package dev.rvl.bench;

import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BucketQuantileTests {

	@Test
	void interpolatesInsideTheBucketHoldingTheRank() {
		// 100 observations: 10 up to 0.1 s, 80 in (0.1, 0.2], 10 in (0.2, 0.4]
		Map<Double, Double> buckets = buckets(0.1, 10, 0.2, 90, 0.4, 100, Double.POSITIVE_INFINITY, 100);

		// median: rank 50 is the 40th of 80 in (0.1, 0.2] -> 0.1 + 0.1 * 40/80
		assertThat(BucketQuantile.quantile(0.5, buckets)).hasValueCloseTo(0.15, within(1e-12));
		// p99: rank 99 is the 9th of 10 in (0.2, 0.4] -> 0.2 + 0.2 * 9/10
		assertThat(BucketQuantile.quantile(0.99, buckets)).hasValueCloseTo(0.38, within(1e-12));
		// rank 5 in the first bucket, which starts at 0
		assertThat(BucketQuantile.quantile(0.05, buckets)).hasValueCloseTo(0.05, within(1e-12));
	}

	@Test
	void answersTheHighestFiniteBoundWhenTheRankFallsInPlusInfinity() {
		Map<Double, Double> buckets = buckets(0.1, 50, Double.POSITIVE_INFINITY, 100);

		assertThat(BucketQuantile.quantile(0.99, buckets)).hasValue(0.1);
	}

	@Test
	void describesOnlyWhatHappenedBetweenTwoScrapes() {
		Map<Double, Double> before = buckets(0.1, 1000, 0.2, 1000, Double.POSITIVE_INFINITY, 1000);
		Map<Double, Double> after = buckets(0.1, 1000, 0.2, 1100, Double.POSITIVE_INFINITY, 1100);

		Map<Double, Double> delta = BucketQuantile.delta(after, before);

		assertThat(delta).containsEntry(0.1, 0.0).containsEntry(0.2, 100.0);
		assertThat(BucketQuantile.quantile(0.5, delta)).hasValueCloseTo(0.15, within(1e-12));
	}

	@Test
	void isEmptyWithoutObservations() {
		assertThat(BucketQuantile.quantile(0.99, buckets(0.1, 0, Double.POSITIVE_INFINITY, 0))).isEmpty();
		assertThat(BucketQuantile.quantile(0.99, Map.of())).isEmpty();
	}

	private static Map<Double, Double> buckets(double... boundsAndCounts) {
		Map<Double, Double> buckets = new TreeMap<>();
		for (int i = 0; i < boundsAndCounts.length; i += 2) {
			buckets.put(boundsAndCounts[i], boundsAndCounts[i + 1]);
		}
		return buckets;
	}

}
