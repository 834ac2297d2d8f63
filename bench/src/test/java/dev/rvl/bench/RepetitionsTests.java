package dev.rvl.bench;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order of the variants, repetitions and their spread, and the knee search's
 * bisection.
 */
class RepetitionsTests {

	@Test
	void shufflesTheRunningOrderPerRepetitionReproduciblyFromTheSeed() {
		List<Variant> variants = List.of(Variant.REACTIVE, Variant.LOOM, Variant.PLATFORM);

		List<List<Variant>> orders = Benchmark.runningOrders(variants, 6, 42);

		assertThat(orders).hasSize(6)
			.allSatisfy((order) -> assertThat(order).containsExactlyInAnyOrderElementsOf(variants));
		assertThat(Benchmark.runningOrders(variants, 6, 42)).as("same seed, same orders").isEqualTo(orders);
		Set<List<Variant>> blockStarts = new HashSet<>();
		for (long seed = 0; seed < 50; seed++) {
			blockStarts.add(Benchmark.runningOrders(variants, 1, seed).get(0));
		}
		assertThat(blockStarts).as("the seed decides the order").hasSize(6);
	}

	@Test
	void runsEveryVariantOnceInEveryPositionWithinABlockOfRepetitions() {
		List<Variant> variants = List.of(Variant.REACTIVE, Variant.LOOM, Variant.PLATFORM);
		for (long seed = 0; seed < 50; seed++) {
			List<List<Variant>> orders = Benchmark.runningOrders(variants, 6, seed);
			for (int block = 0; block < 2; block++) {
				for (int position = 0; position < variants.size(); position++) {
					Set<Variant> atPosition = new HashSet<>();
					for (List<Variant> order : orders.subList(3 * block, 3 * block + 3)) {
						atPosition.add(order.get(position));
					}
					assertThat(atPosition).as("seed %d, block %d, position %d", seed, block, position)
						.containsExactlyInAnyOrderElementsOf(variants);
				}
			}
		}
		// three repetitions of two variants: the third starts a new block
		assertThat(Benchmark.runningOrders(List.of(Variant.REACTIVE, Variant.LOOM), 3, 7).subList(0, 2))
			.extracting((order) -> order.get(0))
			.doesNotHaveDuplicates();
	}

	@Test
	void estimatesTheTimeLeftFromThePlanFirstThenFromTheVariantsThatRan() {
		assertThat(Benchmark.minutesLeft(3, 0, Duration.ZERO, 112)).as("3 x 112 s planned").isEqualTo(6);
		// CI's quick check (2026-11-28): 82 s estimated per variant, the first took 127 s
		assertThat(Benchmark.minutesLeft(2, 1, Duration.ofSeconds(127), 82)).isEqualTo(4);
		assertThat(Benchmark.minutesLeft(1, 2, Duration.ofSeconds(226), 82)).isEqualTo(2);
		assertThat(Benchmark.minutesLeft(1, 2, Duration.ofSeconds(50), 600)).as("faster than planned, one to go")
			.isEqualTo(1);
	}

	@Test
	void givesMinMedianMaxAndTheSpreadOfEachKnee() {
		List<VariantSummary> runs = List.of(run("reactive", 1, 400.0), run("reactive", 2, 440.0),
				run("reactive", 3, 420.0), run("loom", 1, 500.0), run("loom", 2, 520.0), run("loom", 3, 480.0));

		List<Spread> spreads = Spread.of(runs);

		Spread reactive = spreads.get(0);
		assertThat(reactive.variant()).isEqualTo("reactive");
		assertThat(reactive.knee()).isEqualTo(new Spread.Range(400.0, 420.0, 440.0));
		assertThat(reactive.kneeSpreadPercent()).isEqualTo(9.5);
		assertThat(Spread.comparisons(spreads)).singleElement()
			.asString()
			.contains("loom holds more (the ranges do not overlap)");
	}

	@Test
	void callsOverlappingKneesNoDifferenceAndSingleRunsUnknown() {
		List<Spread> overlapping = Spread.of(List.of(run("reactive", 1, 400.0), run("reactive", 2, 460.0),
				run("loom", 1, 440.0), run("loom", 2, 480.0)));
		List<Spread> single = Spread.of(List.of(run("reactive", 1, 400.0), run("loom", 1, 600.0)));

		assertThat(Spread.comparisons(overlapping)).singleElement()
			.asString()
			.endsWith("no difference (within the spread)");
		assertThat(Spread.comparisons(single)).singleElement().asString().contains("the spread is unknown");
	}

	@Test
	void knowsWhenEveryRunHeldEveryStepAndDoesNotTellSuchKneesApart() {
		List<Spread> capped = Spread.of(List.of(heldEveryStep("reactive", 1, 700.0),
				heldEveryStep("reactive", 2, 700.0), heldEveryStep("loom", 1, 700.0), heldEveryStep("loom", 2, 700.0),
				run("platform", 1, 600.0), run("platform", 2, 600.0)));

		assertThat(capped).extracting(Spread::kneeAbovePlan).containsExactly(true, true, false);
		assertThat(Spread.comparisons(capped)).containsExactly(
				"reactive knee ≥ 700 vs loom knee ≥ 700: both held every step - the plan's top is below both knees"
						+ " and does not tell them apart (offer more with --rates, or cap the apps' CPU)",
				"reactive knee ≥ 700 vs platform knee 600: reactive holds more (the ranges do not overlap)",
				"loom knee ≥ 700 vs platform knee 600: loom holds more (the ranges do not overlap)");
		// one run that failed a level makes the variant's knee a measured one again
		assertThat(Spread.of(List.of(heldEveryStep("loom", 1, 700.0), run("loom", 2, 650.0))))
			.extracting(Spread::kneeAbovePlan)
			.containsExactly(false);
	}

	@Test
	void countsARunThatHeldNoStepAsAKneeBelowThePlanNotAsNoRun() {
		List<Spread> spreads = Spread.of(List.of(heldNoStep("reactive", 1), run("reactive", 2, 244.0),
				heldNoStep("reactive", 3), run("loom", 1, 282.0), run("loom", 2, 291.0), run("loom", 3, 282.0)));

		Spread reactive = spreads.get(0);
		assertThat(reactive.runs()).isEqualTo(3);
		assertThat(reactive.runsHeldNoStep()).isEqualTo(2);
		assertThat(reactive.kneeSpreadPercent()).as("unknown, not 0 %").isNull();
		assertThat(spreads.get(1).runsHeldNoStep()).isZero();
		assertThat(Spread.comparisons(spreads)).containsExactly(
				"reactive knee 244 (2 of 3 runs held no step) vs loom knee 282-291 (median 282): loom holds more"
						+ " (the ranges do not overlap)");
		// a run below the plan reaches under every knee of the other variant
		assertThat(Spread.comparisons(Spread.of(List.of(heldNoStep("reactive", 1), run("reactive", 2, 300.0),
				run("loom", 1, 250.0), run("loom", 2, 260.0)))))
			.singleElement()
			.asString()
			.endsWith("no difference (within the spread)");
	}

	@Test
	void measuresHowFarTheGeneratorFellBehindItsSchedule() {
		List<Recording.Row> all = List.of(row(0, "all", 100, 200), row(1, "all", 100, 200), row(2, "all", 100, 200),
				row(3, "all", 100, 200));
		// 100 offered per second; started 100, 50, 60, 190: 50 + 40 behind, then caught
		// up
		List<Recording.Row> main = List.of(row(0, "place-order", 100, 100), row(1, "place-order", 100, 50),
				row(2, "place-order", 100, 60), row(3, "place-order", 100, 190));

		assertThat(StepAggregator.lagSeconds(all, main)).isEqualTo(0.9);
		assertThat(StepAggregator.lagSeconds(all, all)).isEqualTo(0.0);
	}

	private static Recording.Row row(long second, String request, double offered, long requests) {
		return new Recording.Row(1000 * second, second, 0, offered, request, requests, 0, 0, 1, 1, 1, 1, Map.of());
	}

	/** A run whose knee is {@code knee}: it failed the level above. */
	private static VariantSummary run(String id, int repetition, Double knee) {
		return run(id, repetition, knee, knee + 25);
	}

	/** A run that held every step, the plan's top {@code top} included. */
	private static VariantSummary heldEveryStep(String id, int repetition, Double top) {
		return run(id, repetition, top, null);
	}

	/** A run that failed the plan's first level, 150. */
	private static VariantSummary heldNoStep(String id, int repetition) {
		return run(id, repetition, null, 150.0);
	}

	/** A run whose knee is {@code knee} and, unless null, that failed {@code failed}. */
	private static VariantSummary run(String id, int repetition, Double knee, Double failed) {
		VariantSummary.KneeSummary summary = new VariantSummary.KneeSummary(knee, 0, knee, 300L, failed, null, 0.9, 0.8,
				null, null);
		return new VariantSummary(id, id, null, summary, List.of(), List.of(), Map.of(), Map.of(), Map.of(), List.of(),
				null, Map.of(), Map.of(), Map.of(), null, repetition, id + " #" + repetition, List.of(), null, null);
	}

}
