package dev.rvl.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's triangle and where it stops climbing. */
class WarmupTests {

	@Test
	void climbsToThePeakHalfWayAndComesBackDown() {
		assertThat(Warmup.rateAt(0, 60, 100, 700)).isEqualTo(100);
		assertThat(Warmup.rateAt(15, 60, 100, 700)).isEqualTo(400);
		assertThat(Warmup.rateAt(30, 60, 100, 700)).isEqualTo(700);
		assertThat(Warmup.rateAt(60, 60, 100, 700)).isEqualTo(100);
	}

	@Test
	void stopsClimbingWhenMoreThanHalfASecondOfOrdersIsOutstanding() {
		assertThat(Warmup.fallenBehind(30, 300)).as("a tenth of a second at 300/s").isFalse();
		assertThat(Warmup.fallenBehind(151, 300)).isTrue();
		assertThat(Warmup.fallenBehind(19, 10)).as("at least 20").isFalse();
		assertThat(Warmup.fallenBehind(21, 10)).isTrue();
	}

}
