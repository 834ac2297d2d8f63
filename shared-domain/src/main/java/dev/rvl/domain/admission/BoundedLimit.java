package dev.rvl.domain.admission;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.limit.VegasLimit;

/**
 * Keeps an adaptive limit between {@code orders.admission.min-limit} and
 * {@code max-limit}, whatever the algorithm reports. Vegas has no minimum of its own;
 * without one, a database outage (every order refused, each refusal shrinking the limit)
 * or a slow partner would leave it at one order in flight. Clamping what it reports is
 * not enough on its own: its estimate would sink below the floor and have to climb back
 * before the limit moved, so {@link Admission#limit} also stops its decrease at the
 * floor. And a drop is no latency sample ({@link #onSample}).
 */
final class BoundedLimit implements Limit {

	/** What a drop reaches Vegas as: an hour, longer than any order. */
	static final long NOT_A_ROUND_TRIP = TimeUnit.HOURS.toNanos(1);

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

	/**
	 * A drop is a 503 the app gave after admitting the order (its queue budget spent, no
	 * connection within the acquire timeout): its time says how long it waited, not how
	 * long an order takes, and Vegas takes the fastest sample it sees, drops included,
	 * for the no-load latency. Behind 3 s partners a cold app's first refusal, 242 ms
	 * after its admission, became that latency, every 3 s order then looked like queueing
	 * and the limit sank to its floor and stayed there until Vegas re-probed, 45-90 s
	 * later. So a drop reaches Vegas as a round trip no order is faster than: it still
	 * shrinks the limit, and never sets the no-load latency. (Gradient2 averages every
	 * sample's latency, drops included, and gets them as measured.)
	 */
	@Override
	public void onSample(long startTime, long rtt, int inflight, boolean didDrop) {
		long sample = (didDrop && this.algorithm instanceof VegasLimit) ? NOT_A_ROUND_TRIP : Math.max(1, rtt);
		this.algorithm.onSample(startTime, sample, inflight, didDrop);
	}

	private int bounded(int limit) {
		return Math.max(this.min, Math.min(this.max, limit));
	}

}
