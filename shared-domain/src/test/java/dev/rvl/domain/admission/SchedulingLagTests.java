package dev.rvl.domain.admission;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SchedulingLagTests {

	private final AtomicLong nanos = new AtomicLong(5_000_000_000L);

	private final SchedulingLag lag = new SchedulingLag(Duration.ofMillis(100), this.nanos::get);

	@Test
	void aProbeOnTimeShowsNoLag() {
		SchedulingLag.Probe probe = this.lag.probe();
		for (int i = 0; i < 5; i++) {
			advance(SchedulingLag.PERIOD.toMillis());
			probe.ran();
		}

		assertThat(this.lag.nanos()).isZero();
		assertThat(this.lag.exceeded()).isFalse();
	}

	@Test
	void aSchedulerStuckInOneTaskCountsFromWhenItsProbeWasDue() {
		SchedulingLag.Probe probe = this.lag.probe();
		advance(SchedulingLag.PERIOD.toMillis());
		probe.ran();

		advance(60);
		assertThat(this.lag.nanos()).isEqualTo(Duration.ofMillis(50).toNanos());
		assertThat(this.lag.exceeded()).isFalse();
		advance(100);
		assertThat(this.lag.exceeded()).as("150 ms overdue, before the probe ran again").isTrue();
	}

	@Test
	void theLateRunCountsUntilTheNextRunIsOnTime() {
		SchedulingLag.Probe probe = this.lag.probe();
		advance(210);
		probe.ran();
		assertThat(this.lag.nanos()).isEqualTo(Duration.ofMillis(200).toNanos());

		advance(SchedulingLag.PERIOD.toMillis() + 3);
		probe.ran();
		assertThat(this.lag.nanos()).isEqualTo(Duration.ofMillis(3).toNanos());
	}

	@Test
	void theLagIsTheLargestOverTheProbesAndAStoppedProbeNoLongerCounts() {
		SchedulingLag.Probe quiet = this.lag.probe();
		SchedulingLag.Probe busy = this.lag.probe();
		advance(SchedulingLag.PERIOD.toMillis());
		quiet.ran();
		advance(150);
		quiet.ran();
		assertThat(this.lag.nanos()).as("the busy loop's probe, overdue").isEqualTo(Duration.ofMillis(150).toNanos());

		busy.stop();

		assertThat(busy.stopped()).isTrue();
		assertThat(this.lag.nanos()).as("the quiet loop alone").isEqualTo(Duration.ofMillis(140).toNanos());
	}

	@Test
	void zeroSwitchesTheGuardOff() {
		SchedulingLag off = new SchedulingLag(Duration.ZERO, this.nanos::get);
		off.probe();
		advance(10_000);

		assertThat(off.enabled()).isFalse();
		assertThat(off.nanos()).as("still measured").isPositive();
		assertThat(off.exceeded()).isFalse();
	}

	@Test
	void rejectsANegativeOrMissingMaximum() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SchedulingLag(Duration.ofMillis(-1), System::nanoTime));
		assertThatIllegalArgumentException().isThrownBy(() -> new SchedulingLag(null, System::nanoTime));
	}

	private void advance(long millis) {
		this.nanos.addAndGet(Duration.ofMillis(millis).toNanos());
	}

}
