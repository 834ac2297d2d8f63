package dev.rvl.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's triangle and how its rate follows the app. */
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

	@Test
	void startsAtATenthOfTheFirstLevelAndGrowsTowardsTheTriangleWhileTheAppKeepsUp() {
		assertThat(Warmup.startRate(200)).isEqualTo(20);
		assertThat(Warmup.startRate(20)).as("at least 5 orders/s").isEqualTo(5);
		assertThat(Warmup.nextRate(20, 300, 2, 200)).isEqualTo(24);
		assertThat(Warmup.nextRate(290, 300, 30, 200)).as("never above the triangle").isEqualTo(300);
		assertThat(Warmup.nextRate(600, 500, 60, 200)).as("follows the triangle down").isEqualTo(500);
	}

	@Test
	void backsOffWhenTheAppHasFallenBehindAndClimbsAgainOnceItCaughtUp() {
		double backedOff = Warmup.nextRate(400, 600, 250, 200);
		assertThat(backedOff).isEqualTo(280);
		assertThat(Warmup.nextRate(backedOff, 600, 10, 200)).isEqualTo(336);
		assertThat(Warmup.nextRate(21, 600, 500, 200)).as("never under the start").isEqualTo(20);
	}

}
