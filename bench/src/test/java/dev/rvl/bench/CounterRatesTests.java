package dev.rvl.bench;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CounterRatesTests {

	@Test
	void dividesTheIncreaseByTheTimeBetweenReadings() {
		// 0.12 s of GC pauses between t=1 s and t=3 s: 60 ms per second
		List<Double> rates = CounterRates.perSecond(List.of(0.5, 0.5, 0.62), List.of(0L, 1000L, 3000L));

		assertThat(rates.get(0)).isNull();
		assertThat(rates.get(1)).isZero();
		assertThat(rates.get(2)).isCloseTo(0.06, within(1e-9));
	}

	@Test
	void spansAMissingReading() {
		List<Double> rates = CounterRates.perSecond(Arrays.asList(100.0, null, 400.0), List.of(0L, 1000L, 2000L));

		assertThat(rates).containsExactly(null, null, 150.0);
	}

	@Test
	void treatsADropAsARestartFromZero() {
		List<Double> rates = CounterRates.perSecond(List.of(1000.0, 1100.0, 30.0), List.of(0L, 1000L, 2000L));

		assertThat(rates).containsExactly(null, 100.0, 30.0);
	}

	@Test
	void addsUpIncreasesNeverTheReadingsThemselves() {
		// cumulative GC pause counts 10, 12, 15, then a restart to 2: 2 + 3 + 2 = 7
		// pauses
		assertThat(CounterRates.increase(Arrays.asList(10.0, 12.0, null, 15.0, 2.0))).isEqualTo(7.0);
	}

}
