package dev.rvl.bench;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KneeTests {

	@Test
	void isTheHighestStepHeldBeforeTheFirstFailure() {
		List<StepStats> steps = List.of(step(0, 50, 50, 1.0, 120), step(1, 100, 100, 0.999, 300),
				step(2, 150, 150, 1.0, 1800), step(3, 200, 200, 1.0, 400));

		Knee knee = Knee.detect(steps, true, 1500);

		assertThat(knee.held().offered()).isEqualTo(100);
		assertThat(knee.firstFailing().offered()).isEqualTo(150);
		assertThat(knee.failure()).isEqualTo("p99 1800 ms > SLO 1500 ms");
		// a later step that happens to pass does not move the knee
		assertThat(knee.lastDecisiveStep()).isEqualTo(2);
	}

	@Test
	void failsAStepBelowNinetyNinePercentSuccessAndNamesTheStatuses() {
		StepStats step = new StepStats(0, 300, 10, 300, 280, 600, 0, 0.95, 100, 200, 300, 400,
				Map.of("201", 570L, "200", 560L, "422", 12L, "503", 50L, "timeout", 8L));

		Knee knee = Knee.detect(List.of(step), true, 1000);

		assertThat(knee.holdsAny()).isFalse();
		assertThat(knee.failure()).isEqualTo("success 95.00 % < 99 % (503 x50, timeout x8)");
	}

	@Test
	void failsAStepTheGeneratorDidNotHoldInTheOpenModelOnly() {
		StepStats step = step(0, 100, 90, 1.0, 100);

		assertThat(Knee.detect(List.of(step), true, 1000).failure())
			.isEqualTo("generator sent 90.0/s of 100.0/s offered");
		assertThat(Knee.detect(List.of(step), false, 1000).held()).isEqualTo(step);
	}

	@Test
	void holdsEveryStepWhenNoneFails() {
		Knee knee = Knee.detect(List.of(step(0, 10, 10, 1, 100), step(1, 20, 20, 1, 100)), true, 500);

		assertThat(knee.held().step()).isEqualTo(1);
		assertThat(knee.firstFailing()).isNull();
		assertThat(knee.lastDecisiveStep()).isEqualTo(Integer.MAX_VALUE);
	}

	static StepStats step(int index, double offered, double sent, double success, long p99) {
		return new StepStats(index, offered, 10, sent, sent * success, sent * 2, 0, success, p99 / 2, p99 - 10, p99,
				p99 + 5, Map.of("201", (long) (sent * 10)));
	}

}
