package dev.rvl.bench;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ResourceSeriesTests {

	@Test
	void turnsCumulativeTicksIntoCoresAndCountsWhatNoKnownProcessUsed() {
		// 2 cores = 200 ticks per second; the app uses 120 ticks/s, Gatling 30; the
		// machine is 180 busy
		Sample first = sample(0, 1000, 500, 10_000, 2_000, 100, 0, 5.0, 2.0, 100.0);
		Sample second = sample(1000, 1120, 530, 10_200, 2_020, 110, 3, 8.0, 2.05, 160.0);

		ResourceSeries series = ResourceSeries.of(List.of(first, second), 2);

		assertThat(series.column(ResourceSeries.CPU + Sample.APP)).containsExactly(null, 1.2);
		assertThat(series.column(ResourceSeries.CPU + Sample.GATLING)).containsExactly(null, 0.3);
		assertThat(series.column(ResourceSeries.MACHINE_BUSY).get(1)).isCloseTo(1.8, within(1e-9));
		assertThat(series.column(ResourceSeries.IRQ).get(1)).isCloseTo(0.1, within(1e-9));
		assertThat(series.column(ResourceSeries.OTHER_CPU).get(1)).isCloseTo(0.2, within(1e-9));
		assertThat(series.column(ResourceSeries.STEAL).get(1)).isCloseTo(0.015, within(1e-9));
		assertThat(series.column(ResourceSeries.MEMORY + Sample.APP)).containsExactly(512.0, 512.0);
	}

	@Test
	void differencesGcAndOrderCountersAndKeepsGauges() {
		Sample first = sample(0, 0, 0, 0, 0, 0, 0, 5.0, 2.0, 100.0);
		Sample second = sample(2000, 0, 0, 400, 400, 0, 0, 8.0, 2.05, 160.0);

		ResourceSeries series = ResourceSeries.of(List.of(first, second), 2);

		assertThat(series.column(ResourceSeries.GC_PAUSES)).containsExactly(null, 1.5);
		assertThat(series.column(ResourceSeries.GC_PAUSE_MS).get(1)).isCloseTo(25.0, within(1e-9));
		assertThat(series.column(ResourceSeries.ORDERS)).containsExactly(null, 30.0);
		assertThat(series.column(ResourceSeries.THREADS)).containsExactly(40.0, 40.0);
		assertThat(series.mean(ResourceSeries.THREADS, 0, 2000)).hasValue(40.0);
	}

	@Test
	void leavesAGapWhenTheAppDidNotAnswerAScrape() {
		Sample answered = sample(0, 0, 0, 0, 0, 0, 0, 5.0, 2.0, 100.0);
		Sample silent = new Sample(1000, answered.processes(), answered.machine(), null, null);

		ResourceSeries series = ResourceSeries.of(List.of(answered, silent), 2);

		assertThat(series.column(ResourceSeries.HEAP)).containsExactly(256.0, null);
	}

	private static Sample sample(long epochMs, long appTicks, long gatlingTicks, long totalTicks, long idleTicks,
			long irqTicks, long stealTicks, double gcPauses, double gcSeconds, double ordersCreated) {
		double mib = 1024 * 1024;
		return new Sample(epochMs,
				Map.of(Sample.APP, new Sample.ProcessReading(appTicks, (long) (512 * mib)), Sample.GATLING,
						new Sample.ProcessReading(gatlingTicks, (long) (900 * mib))),
				new ProcFs.MachineCpu(totalTicks, idleTicks, irqTicks, stealTicks), new AppReading(40.0, 256 * mib,
						gcPauses, gcSeconds, 3.0, 0.0, 12.0, 0.0, null, Map.of("created", ordersCreated)),
				null);
	}

}
