package dev.rvl.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.rvl.bench.Recording.Row;

/**
 * What the overload and cold-start simulations measure, and the targets they are held to
 * (issue "Stay up under overload"): goodput beyond the knee at least
 * {@value #MIN_GOODPUT} of the goodput at the knee, the p99 of served orders within the
 * SLO at every level, refusals answered 503 with a p99 of at most
 * {@value #MAX_REFUSAL_P99_MS} ms and no client timeouts, back within the SLO at most
 * {@value #MAX_RECOVERY_SECONDS} s after the overload ends, and after a cold start within
 * the SLO in at most {@value #MAX_COLD_START_SECONDS} s and staying there.
 */
final class Overload {

	static final double MIN_GOODPUT = 0.9;

	static final long MAX_REFUSAL_P99_MS = 100;

	static final long MAX_RECOVERY_SECONDS = 5;

	static final long MAX_COLD_START_SECONDS = 20;

	/** Seconds of the rolling window whose p99 must be within the SLO. */
	static final int WINDOW_SECONDS = 5;

	/** The levels, as multiples of the knee (as the Gatling profile has them). */
	static final double[] LEVELS = { 0.5, 1, 1.5, 2, 4, 0.5 };

	private Overload() {
	}

	/**
	 * The overload figures of one variant.
	 * @param knee the knee the levels are multiples of
	 * @param steps the levels' step figures, in order
	 * @param recording the per-second rows (recovery)
	 * @param primary the primary request
	 * @param sloP99Ms the SLO
	 */
	static OverloadSummary overload(double knee, List<StepStats> steps, Recording recording, String primary,
			long sloP99Ms) {
		List<Level> levels = new ArrayList<>();
		double atKnee = steps.stream()
			.filter((step) -> step.step() == 1)
			.mapToDouble(StepStats::okPerSecond)
			.findFirst()
			.orElse(0);
		for (StepStats step : steps) {
			double multiple = (step.step() < LEVELS.length) ? LEVELS[step.step()] : 0;
			long timeouts = step.statuses().getOrDefault("timeout", 0L);
			levels.add(new Level(multiple, step.offered(), round(step.okPerSecond()),
					(atKnee > 0) ? round(step.okPerSecond() / atKnee) : null, step.p99(),
					round(step.refusedPerSecond()), step.refusedP99(), timeouts));
		}
		Long recovery = secondsToSlo(recording, primary, sloP99Ms, LEVELS.length - 1);
		List<String> missed = new ArrayList<>();
		List<String> targets = new ArrayList<>();
		for (Level level : levels) {
			String at = LoadPlan.number(level.multiple()) + " x";
			if (level.multiple() > 1 && level.goodputShare() != null && level.goodputShare() < MIN_GOODPUT) {
				missed.add(Benchmark.format("goodput at %s the knee was %.0f %% of the knee's (at least %.0f %%)", at,
						level.goodputShare() * 100, MIN_GOODPUT * 100));
				targets.add("goodput at " + at);
			}
			if (level.multiple() <= 4 && level.p99Ms() > sloP99Ms) {
				missed.add(Benchmark.format("p99 of served orders at %s was %d ms (SLO %d ms)", at, level.p99Ms(),
						sloP99Ms));
				targets.add("served p99 at " + at);
			}
			if (level.refusedP99Ms() > MAX_REFUSAL_P99_MS) {
				missed.add(Benchmark.format("503 p99 at %s was %d ms (at most %d ms)", at, level.refusedP99Ms(),
						MAX_REFUSAL_P99_MS));
				targets.add("503 p99 at " + at);
			}
			if (level.timeouts() > 0) {
				missed.add(Benchmark.format("%d client timeouts at %s", level.timeouts(), at));
				targets.add("no timeouts at " + at);
			}
		}
		if (recovery == null || recovery > MAX_RECOVERY_SECONDS) {
			missed.add((recovery == null) ? "not back within the SLO after the overload" : Benchmark
				.format("back within the SLO %d s after the overload (at most %d s)", recovery, MAX_RECOVERY_SECONDS));
			targets.add("recovery after 4 x");
		}
		return new OverloadSummary(knee, levels, recovery, missed, targets);
	}

	/** The cold-start figures of one variant. */
	static ColdStartSummary coldStart(double knee, Recording recording, String primary, long sloP99Ms) {
		Long toSlo = secondsToSlo(recording, primary, sloP99Ms, 0);
		List<String> missed = new ArrayList<>();
		if (toSlo == null || toSlo > MAX_COLD_START_SECONDS) {
			missed.add((toSlo == null) ? "never settled within the SLO"
					: Benchmark.format("within the SLO after %d s (at most %d s)", toSlo, MAX_COLD_START_SECONDS));
		}
		return new ColdStartSummary(Math.round(knee * Simulation.COLD_START_SHARE), toSlo, missed,
				missed.isEmpty() ? List.of() : List.of("within the SLO in " + MAX_COLD_START_SECONDS + " s"));
	}

	/**
	 * How often each target was missed over the runs of one variant (repetitions), in the
	 * order the targets first appear.
	 * @param runs the targets each run missed ({@code missedTargets})
	 * @return runs missing it, per target
	 */
	static Map<String, Integer> tally(List<List<String>> runs) {
		Map<String, Integer> counts = new LinkedHashMap<>();
		for (List<String> run : runs) {
			run.stream().distinct().forEach((target) -> counts.merge(target, 1, Integer::sum));
		}
		return counts;
	}

	/**
	 * With repetitions: per variant, one {@link #tallyLine} over its runs; empty when no
	 * variant ran more than once or none has the figures.
	 * @param variants every run of every variant
	 * @param missedTargets a run's missed targets, or {@code null} when it has none of
	 * these figures
	 */
	static Map<String, String> overRepetitions(List<VariantSummary> variants,
			Function<VariantSummary, List<String>> missedTargets) {
		Map<String, List<List<String>>> byVariant = new LinkedHashMap<>();
		for (VariantSummary v : variants) {
			List<String> missed = missedTargets.apply(v);
			if (missed != null) {
				byVariant.computeIfAbsent(v.id(), (id) -> new ArrayList<>()).add(missed);
			}
		}
		if (byVariant.values().stream().allMatch((runs) -> runs.size() < 2)) {
			return Map.of();
		}
		Map<String, String> lines = new LinkedHashMap<>();
		byVariant.forEach((id, runs) -> lines.put(id, tallyLine(runs)));
		return lines;
	}

	/**
	 * One line on the runs of a variant, e.g. "every target met in 1 of 3; missed: 503
	 * p99 at 1 x in 2 of 3".
	 */
	static String tallyLine(List<List<String>> runs) {
		long clean = runs.stream().filter(List::isEmpty).count();
		Map<String, Integer> counts = tally(runs);
		String line = "every target met in " + clean + " of " + runs.size();
		if (!counts.isEmpty()) {
			line += "; missed: " + counts.entrySet()
				.stream()
				.map((entry) -> entry.getKey() + " in " + entry.getValue() + " of " + runs.size())
				.collect(Collectors.joining(", "));
		}
		return line;
	}

	/**
	 * Seconds from the start of a step until the p99 of served primary requests over
	 * every following {@value #WINDOW_SECONDS}-second window stays within the SLO to the
	 * step's end; {@code null} if it never does. Windows are merged from the per-second
	 * histograms. The step starts at its first second of any request: a second whose
	 * orders were all refused has no row of the primary request (refusals are recorded
	 * apart), and counting from the first served one hid the time an app spent refusing
	 * everything. For the same reason a window with a second in which every order was
	 * refused is not within the SLO: refusing every order is not serving it in time.
	 */
	static Long secondsToSlo(Recording recording, String primary, long sloP99Ms, int step) {
		List<Long> times = recording.rows()
			.stream()
			.filter((row) -> row.step() == step)
			.map(Row::elapsed)
			.distinct()
			.sorted()
			.toList();
		if (times.isEmpty()) {
			return null;
		}
		Set<Long> refusingAll = recording.rows()
			.stream()
			.filter((row) -> row.step() == step && row.request().equals(primary + Recording.REFUSED))
			.map(Row::elapsed)
			.filter((second) -> recording.histograms().get(new Recording.SecondKey(second, primary)) == null)
			.collect(Collectors.toSet());
		long first = times.get(0);
		Long settled = null;
		for (int i = times.size() - 1; i >= 0; i--) {
			int from = Math.max(0, i - WINDOW_SECONDS + 1);
			org.HdrHistogram.Histogram window = new org.HdrHistogram.Histogram(2);
			boolean refused = false;
			for (int j = from; j <= i; j++) {
				org.HdrHistogram.Histogram second = recording.histograms()
					.get(new Recording.SecondKey(times.get(j), primary));
				if (second != null) {
					window.add(second);
				}
				refused |= refusingAll.contains(times.get(j));
			}
			boolean within = !refused && (window.getTotalCount() == 0 || window.getValueAtPercentile(99) <= sloP99Ms);
			if (!within) {
				break;
			}
			settled = times.get(from);
		}
		return (settled != null) ? settled - first : null;
	}

	private static double round(double value) {
		return Math.round(value * 100) / 100.0;
	}

	/**
	 * One overload level.
	 *
	 * @param multiple offered load as a multiple of the knee
	 * @param offered offered load (orders/s)
	 * @param goodput orders that passed per second
	 * @param goodputShare goodput / goodput at the knee
	 * @param p99Ms p99 of the served orders (ms)
	 * @param refusedPerSecond 503s per second
	 * @param refusedP99Ms p99 of the 503s (ms)
	 * @param timeouts requests unanswered within the client timeout
	 */
	record Level(double multiple, double offered, double goodput, Double goodputShare, long p99Ms,
			double refusedPerSecond, long refusedP99Ms, long timeouts) {
	}

	/**
	 * A variant under overload.
	 *
	 * @param knee the knee the levels are multiples of
	 * @param levels each level
	 * @param recoverySeconds seconds after the overload until the p99 was within the SLO
	 * to stay, or {@code null}
	 * @param missed the targets missed, in words (empty: all met)
	 * @param missedTargets the same targets by name alone (e.g. {@code 503 p99 at 1 x}),
	 * to count them over repetitions
	 */
	record OverloadSummary(double knee, List<Level> levels, Long recoverySeconds, List<String> missed,
			List<String> missedTargets) {
	}

	/**
	 * A variant started cold under traffic.
	 *
	 * @param offered the rate from the first second
	 * @param secondsToSlo seconds until the p99 was within the SLO to stay, or
	 * {@code null}
	 * @param missed the targets missed, in words
	 * @param missedTargets the same targets by name alone, to count them over repetitions
	 */
	record ColdStartSummary(double offered, Long secondsToSlo, List<String> missed, List<String> missedTargets) {
	}

}
