package dev.rvl.domain.admission;

import java.util.function.Consumer;

import com.netflix.concurrency.limits.Limit;

/**
 * Keeps an adaptive limit between {@code orders.admission.min-limit} and
 * {@code max-limit}, whatever the algorithm reports. Vegas has no minimum of its own;
 * without one, a database outage (every order refused, each refusal shrinking the limit)
 * or a slow partner would leave it at one order in flight. Clamping what it reports is
 * not enough on its own: its estimate would sink below the floor and have to climb back
 * before the limit moved, so {@link Admission#limit} also stops its decrease at the
 * floor.
 */
final class BoundedLimit implements Limit {

	private final Limit algorithm;

	private final int min;

	private final int max;

	BoundedLimit(Limit algorithm, int min, int max) {
		this.algorithm = algorithm;
		this.min = min;
		this.max = max;
	}

	@Override
	public int getLimit() {
		return bounded(this.algorithm.getLimit());
	}

	@Override
	public void notifyOnChange(Consumer<Integer> consumer) {
		this.algorithm.notifyOnChange((limit) -> consumer.accept(bounded(limit)));
	}

	@Override
	public void onSample(long startTime, long rtt, int inflight, boolean didDrop) {
		this.algorithm.onSample(startTime, Math.max(1, rtt), inflight, didDrop);
	}

	private int bounded(int limit) {
		return Math.max(this.min, Math.min(this.max, limit));
	}

}
