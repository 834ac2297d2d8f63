package dev.rvl.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Quantiles of a Prometheus histogram (cumulative {@code le} buckets), computed like
 * PromQL's {@code histogram_quantile}: find the bucket holding the rank and interpolate
 * linearly inside it. Used on the difference of two scrapes, so it describes only what
 * happened between them.
 */
final class BucketQuantile {

	private BucketQuantile() {
	}

	/**
	 * @param quantile between 0 and 1
	 * @param cumulative count of observations at or below each upper bound (the
	 * {@code +Inf} bucket holds the total)
	 * @return the estimate, empty without observations
	 */
	static OptionalDouble quantile(double quantile, Map<Double, Double> cumulative) {
		List<Map.Entry<Double, Double>> buckets = new ArrayList<>(cumulative.entrySet());
		buckets.sort(Comparator.comparingDouble(Map.Entry::getKey));
		if (buckets.isEmpty()) {
			return OptionalDouble.empty();
		}
		double total = buckets.get(buckets.size() - 1).getValue();
		if (total <= 0) {
			return OptionalDouble.empty();
		}
		double rank = quantile * total;
		double lowerBound = 0;
		double countBelow = 0;
		for (Map.Entry<Double, Double> bucket : buckets) {
			double upperBound = bucket.getKey();
			double count = bucket.getValue();
			if (count >= rank) {
				if (Double.isInfinite(upperBound)) {
					return OptionalDouble.of(lowerBound);
				}
				double inBucket = count - countBelow;
				if (inBucket <= 0) {
					return OptionalDouble.of(upperBound);
				}
				return OptionalDouble.of(lowerBound + (upperBound - lowerBound) * (rank - countBelow) / inBucket);
			}
			lowerBound = upperBound;
			countBelow = count;
		}
		return OptionalDouble.of(lowerBound);
	}

	/** {@code later - earlier}, bucket by bucket (a bucket missing earlier counts 0). */
	static Map<Double, Double> delta(Map<Double, Double> later, Map<Double, Double> earlier) {
		Map<Double, Double> delta = new TreeMap<>();
		later.forEach((bound, count) -> delta.put(bound, count - earlier.getOrDefault(bound, 0.0)));
		return delta;
	}

}
