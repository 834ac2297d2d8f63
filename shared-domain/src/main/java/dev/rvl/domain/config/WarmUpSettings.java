package dev.rvl.domain.config;

import java.time.Duration;

/**
 * The {@code orders.warm-up.*} settings, the same in both apps: before it reports ready,
 * an app sends itself requests that take the order path without writing anything, until
 * its JIT compiler has settled or {@code maxDuration} has passed.
 *
 * @param maxDuration the longest the warm-up may delay readiness; 0 switches it off
 * @param concurrency the warm-up's requests in flight
 */
public record WarmUpSettings(Duration maxDuration, int concurrency) {

	/** The warm-up switched off. */
	public static final WarmUpSettings OFF = new WarmUpSettings(Duration.ZERO, 1);

	public WarmUpSettings {
		if (maxDuration == null || maxDuration.isNegative()) {
			throw new IllegalArgumentException(
					"orders.warm-up.max-duration must be 0 (off) or positive, was " + maxDuration);
		}
		OrdersSettings.positive("orders.warm-up.concurrency", concurrency);
	}

	/** Whether the app warms up before it reports ready. */
	public boolean enabled() {
		return !this.maxDuration.isZero();
	}

}
