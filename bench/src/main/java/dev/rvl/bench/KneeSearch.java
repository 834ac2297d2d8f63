package dev.rvl.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Knee by search: the stairs only say that the knee lies between the last level held and
 * the first that failed (100 and 200 orders/s apart, say). After the stairs, the runner
 * bisects that interval with short probes, each judged by one step at one constant rate -
 * same app, still warm, settled between probes - until the bracket is within
 * {@value #PRECISION_PERCENT} % of the level held, or {@value #MAX_PROBES} probes were
 * made.
 * <p>
 * Each probe is a Gatling process of its own, and a cold one: its first seconds at a high
 * rate cost several times the CPU of the warm generator that climbed the stairs
 * (2026-11-27, standard preset: Gatling 0.4-0.9 cores in a probe at 650 orders/s against
 * 0.15-0.2 at 700 in the stairs, the harness's CPU 100 % busy through both probes, so
 * every probe of the search came out NOT VALID): Gatling's lead
 * ({@link Simulation#LEAD_SECONDS}) runs at its plan's first level, which for a probe was
 * the rate probed, and a generator that saturates its CPU starves its own compiler
 * threads. So a probe's plan starts at the stairs' first level - the lead and one step
 * there, not judged, while the generator's JIT warms up on a CPU with room to spare -
 * then ramps to the rate probed: only that step decides.
 */
final class KneeSearch {

	static final int PRECISION_PERCENT = 5;

	static final int MAX_PROBES = 4;

	private KneeSearch() {
	}

	/**
	 * The next rate to probe between a held and a failing rate, or empty when they are
	 * close enough.
	 */
	static OptionalDouble next(double held, double failing) {
		if (failing - held <= held * PRECISION_PERCENT / 100.0) {
			return OptionalDouble.empty();
		}
		return OptionalDouble.of(Math.round((held + failing) / 2));
	}

	/** The index of the judged step in a probe's recording; step 0 is the lead-in. */
	static final int PROBED_STEP = 1;

	/**
	 * A probe's load: the lead-in at the plan's first level, then the rate probed, each
	 * for a step of the plan, without warm-up or hold.
	 */
	static LoadPlan probePlan(LoadPlan plan, double rate) {
		return new LoadPlan(Math.min(plan.from(), rate), rate, PROBED_STEP + 1, plan.stepSeconds(), plan.rampSeconds(),
				0, 0);
	}

	/** The step that decides a probe, if Gatling got that far. */
	static Optional<StepStats> probedStep(List<StepStats> steps) {
		return steps.stream().filter((step) -> step.step() == PROBED_STEP).findFirst();
	}

	/**
	 * One probe of the search.
	 *
	 * @param offered the rate probed
	 * @param directory where its Gatling time series and report are
	 * @param recording what Gatling recorded, or {@code null} if it wrote nothing
	 * @param held whether it passed the knee's rules
	 */
	record Probe(double offered, Path directory, Recording recording, boolean held) {
	}

}
