package dev.rvl.partner;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Configuration of the stub ({@code stub.*}).
 *
 * @param latency how long each partner endpoint takes to answer
 */
@ConfigurationProperties("stub")
record StubProperties(@DefaultValue Latency latency) {

	/**
	 * Latency per partner endpoint ({@code stub.latency.*}).
	 *
	 * @param fraud latency of {@code GET /fraud/score}
	 * @param shipping latency of {@code GET /shipping/quote}
	 * @param jitter upper bound of a uniform random delay added to each request
	 */
	record Latency(@DefaultValue("100ms") Duration fraud, @DefaultValue("100ms") Duration shipping,
			@DefaultValue("0ms") Duration jitter) {

		Latency {
			requireNotNegative("stub.latency.fraud", fraud);
			requireNotNegative("stub.latency.shipping", shipping);
			requireNotNegative("stub.latency.jitter", jitter);
		}

		/**
		 * The given base latency plus a uniform random {@code 0..jitter}.
		 * @param base the configured latency of an endpoint
		 * @return the delay to apply to one request
		 */
		Duration jittered(Duration base) {
			if (this.jitter.isZero()) {
				return base;
			}
			return base.plusNanos(ThreadLocalRandom.current().nextLong(this.jitter.toNanos() + 1));
		}

		private static void requireNotNegative(String name, Duration duration) {
			if (duration.isNegative()) {
				throw new IllegalArgumentException(name + " must not be negative, was " + duration);
			}
		}

	}

}
