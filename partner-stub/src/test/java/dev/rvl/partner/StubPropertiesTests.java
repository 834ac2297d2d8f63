package dev.rvl.partner;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import dev.rvl.partner.StubProperties.Latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code stub.latency.*} binds with its defaults, and jitter stays within its bound.
 */
class StubPropertiesTests {

	@Test
	void defaultsToOneHundredMillisecondsPerEndpointAndNoJitter() {
		assertThat(bind(Map.of()).latency())
			.isEqualTo(new Latency(Duration.ofMillis(100), Duration.ofMillis(100), Duration.ZERO));
	}

	@Test
	void bindsEachEndpointLatencyAndTheJitter() {
		StubProperties properties = bind(
				Map.of("stub.latency.fraud", "250ms", "stub.latency.shipping", "2s", "stub.latency.jitter", "30ms"));
		assertThat(properties.latency())
			.isEqualTo(new Latency(Duration.ofMillis(250), Duration.ofSeconds(2), Duration.ofMillis(30)));
	}

	@Test
	void refusesNegativeLatency() {
		assertThatExceptionOfType(BindException.class).isThrownBy(() -> bind(Map.of("stub.latency.fraud", "-1ms")));
	}

	@Test
	void withoutJitterTheLatencyIsExact() {
		Latency latency = new Latency(Duration.ofMillis(100), Duration.ofMillis(100), Duration.ZERO);
		assertThat(latency.jittered(Duration.ofMillis(100))).isEqualTo(Duration.ofMillis(100));
	}

	@Test
	void jitterAddsAUniformRandomDelayUpToItsBound() {
		Duration base = Duration.ofMillis(100);
		Duration jitter = Duration.ofMillis(50);
		Latency latency = new Latency(base, base, jitter);
		int low = 0;
		int high = 0;
		for (int i = 0; i < 10_000; i++) {
			Duration delay = latency.jittered(base);
			assertThat(delay).isBetween(base, base.plus(jitter));
			if (delay.compareTo(base.plusMillis(10)) < 0) {
				low++;
			}
			if (delay.compareTo(base.plusMillis(40)) > 0) {
				high++;
			}
		}
		// Uniform: about 2,000 of 10,000 in each outer fifth.
		assertThat(low).isBetween(1_500, 2_500);
		assertThat(high).isBetween(1_500, 2_500);
	}

	private static StubProperties bind(Map<String, String> properties) {
		return new Binder(new MapConfigurationPropertySource(properties)).bindOrCreate("stub", StubProperties.class);
	}

}
