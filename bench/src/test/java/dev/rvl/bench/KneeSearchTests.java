package dev.rvl.bench;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The knee search's probes: where the bisection goes next, and what a probe offers and is
 * judged by.
 */
class KneeSearchTests {

	private static final LoadPlan STANDARD = new LoadPlan(200, 700, 6, 20, 3, 0, 60);

	@Test
	void bisectsBetweenTheHeldAndTheFailingLevelToFivePercent() {
		assertThat(KneeSearch.next(400, 500)).hasValue(450);
		assertThat(KneeSearch.next(450, 500)).hasValue(475);
		assertThat(KneeSearch.next(475, 500)).hasValue(488);
		assertThat(KneeSearch.next(488, 500)).as("within 5 % of 488").isEmpty();
	}

	@Test
	void startsEveryProbeWithALeadInAtThePlansFirstLevelBeforeTheRateProbed() {
		LoadPlan probe = KneeSearch.probePlan(STANDARD, 650);

		assertThat(probe.steps()).isEqualTo(2);
		assertThat(probe.from()).isEqualTo(200);
		assertThat(probe.to()).isEqualTo(650);
		assertThat(probe.stepSeconds()).isEqualTo(STANDARD.stepSeconds());
		assertThat(probe.rampSeconds()).isEqualTo(STANDARD.rampSeconds());
		assertThat(probe.warmupSeconds()).isZero();
		assertThat(probe.holdSeconds()).isZero();
		// what Gatling is told: the lead-in's level, then the rate probed
		assertThat(Simulation.STAIRS.properties(probe, 500)).containsEntry("rate.from", "200")
			.containsEntry("rate.to", "650")
			.containsEntry("rate.steps", "2");
	}

	@Test
	void judgesAProbeByTheStepAtTheRateProbedNeverByItsLeadIn() {
		StepStats leadIn = step(0, 200);
		StepStats probed = step(1, 650);

		assertThat(KneeSearch.probedStep(List.of(leadIn, probed))).containsSame(probed);
		// Gatling stopped during the lead-in: nothing was probed
		assertThat(KneeSearch.probedStep(List.of(leadIn))).isEmpty();
		assertThat(KneeSearch.probedStep(List.of())).isEmpty();
	}

	private static StepStats step(int index, double offered) {
		return new StepStats(index, offered, 20, offered, offered, offered * 2, 0, 1.0, 100, 110, 120, 130,
				Map.of("201", (long) offered * 20), 0.0);
	}

}
