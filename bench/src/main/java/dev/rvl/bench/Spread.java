package dev.rvl.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A variant's headline figures over the repetitions of a comparison: min, median and max
 * of each, and how far its knee moved (the spread). A difference between two variants
 * whose knees' ranges overlap is no difference.
 *
 * @param variant the variant
 * @param runs repetitions measured
 * @param knee the knee (searched where the search ran), orders/s
 * @param throughput passed orders per second at the knee
 * @param p99Ms the p99 at the knee (ms)
 * @param appCpuMsPerOrder app CPU per order at the knee (ms)
 * @param postgresCpuMsPerOrder PostgreSQL's CPU per order at the knee (ms)
 * @param kneeSpreadPercent (max - min) / median of the knee, in percent, or {@code null}
 * when a run held no step (its knee lies below the plan: the spread is not known)
 * @param kneeAbovePlan every run held every step: each knee is the plan's top, a lower
 * bound, and its spread says nothing about the knee itself
 * @param runsHeldNoStep runs that failed the plan's first level: they have no knee, and
 * the other figures' min / median / max are over the runs that had one
 */
record Spread(String variant, int runs, Range knee, Range throughput, Range p99Ms, Range appCpuMsPerOrder,
		Range postgresCpuMsPerOrder, Double kneeSpreadPercent, boolean kneeAbovePlan, int runsHeldNoStep) {

	static List<Spread> of(List<VariantSummary> variants) {
		Map<String, List<VariantSummary>> byVariant = new LinkedHashMap<>();
		variants.stream()
			.filter((variant) -> variant.error() == null)
			.forEach((variant) -> byVariant.computeIfAbsent(variant.id(), (id) -> new ArrayList<>()).add(variant));
		List<Spread> spreads = new ArrayList<>();
		byVariant.forEach((id, runs) -> {
			Range knee = Range.of(runs, Spread::knee);
			int heldNoStep = (int) runs.stream().filter((run) -> run.knee().heldNoStep()).count();
			Double spread = (heldNoStep == 0 && knee.median() != null && knee.median() > 0)
					? Math.round((knee.max() - knee.min()) / knee.median() * 1000) / 10.0 : null;
			spreads.add(new Spread(id, runs.size(), knee, Range.of(runs, (v) -> v.knee().throughput()),
					Range.of(runs, (v) -> (v.knee().p99Ms() != null) ? v.knee().p99Ms().doubleValue() : null),
					Range.of(runs, (v) -> v.knee().appCpuMsPerOrder()),
					Range.of(runs, (v) -> v.knee().postgresCpuMsPerOrder()), spread,
					runs.stream().allMatch((run) -> run.knee().heldEveryStep()), heldNoStep));
		});
		return spreads;
	}

	/** The knee to quote: the searched one where the search ran. */
	static Double knee(VariantSummary variant) {
		return (variant.knee().searchedOffered() != null) ? variant.knee().searchedOffered()
				: variant.knee().heldOffered();
	}

	/**
	 * Each pair of variants, in words: which knee is higher, or "no difference" when
	 * their ranges overlap (with one repetition every range is a point: the report says
	 * the spread is unknown). Two variants that held every step of the plan are not told
	 * apart by it: both knees lie above its top. A variant with a run that held no step
	 * has a range reaching below the plan's first level.
	 */
	static List<String> comparisons(List<Spread> spreads) {
		List<String> lines = new ArrayList<>();
		for (int i = 0; i < spreads.size(); i++) {
			for (int j = i + 1; j < spreads.size(); j++) {
				Spread a = spreads.get(i);
				Spread b = spreads.get(j);
				if (a.knee().median() == null || b.knee().median() == null) {
					continue;
				}
				String figures = String.format(Locale.ROOT, "%s knee %s vs %s knee %s", a.variant(), a.kneeText(),
						b.variant(), b.kneeText());
				if (a.kneeAbovePlan() && b.kneeAbovePlan()) {
					lines.add(figures + ": both held every step - the plan's top is below both knees and does not"
							+ " tell them apart (offer more with --rates, or cap the apps' CPU)");
				}
				else if (a.runs() < 2 || b.runs() < 2) {
					lines.add(figures + ": one run each, the spread is unknown (--repeat 3 tells)");
				}
				else if (a.knee().max() < b.lowestKnee() || b.knee().max() < a.lowestKnee()) {
					Spread higher = (a.knee().max() > b.knee().max()) ? a : b;
					lines.add(figures + ": " + higher.variant() + " holds more (the ranges do not overlap)");
				}
				else {
					lines.add(figures + ": no difference (within the spread)");
				}
			}
		}
		return lines;
	}

	private String kneeText() {
		String knee = this.kneeAbovePlan ? "≥ " + this.knee.text() : this.knee.text();
		return (this.runsHeldNoStep > 0) ? knee + " (" + heldNoStepText() + ")" : knee;
	}

	/**
	 * The knee's spread as a table shows it: "9.50 %", or "-" where it is not known, with
	 * what makes it so.
	 */
	String spreadText() {
		String spread = (this.kneeSpreadPercent == null) ? "-" : MarkdownReport.num(this.kneeSpreadPercent) + " %";
		if (this.kneeAbovePlan) {
			spread += " (every run held every step)";
		}
		return (this.runsHeldNoStep > 0) ? spread + " (" + heldNoStepText() + ")" : spread;
	}

	/** How many runs held no step, in words: "1 of 3 runs held no step". */
	private String heldNoStepText() {
		return this.runsHeldNoStep + " of " + this.runs + " runs held no step";
	}

	/** The lowest knee of the runs, below any level when a run held no step. */
	private double lowestKnee() {
		return (this.runsHeldNoStep > 0) ? Double.NEGATIVE_INFINITY : this.knee.min();
	}

	/**
	 * Min, median, max of one figure over the repetitions.
	 *
	 * @param min smallest
	 * @param median median
	 * @param max largest
	 */
	record Range(Double min, Double median, Double max) {

		static Range of(List<VariantSummary> runs, Function<VariantSummary, Double> figure) {
			List<Double> values = runs.stream().map(figure).filter(Objects::nonNull).sorted().toList();
			if (values.isEmpty()) {
				return new Range(null, null, null);
			}
			int n = values.size();
			double median = (n % 2 == 1) ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
			return new Range(values.get(0), median, values.get(n - 1));
		}

		String text() {
			if (this.median == null) {
				return "-";
			}
			return this.min.equals(this.max) ? LoadPlan.number(this.median) : LoadPlan.number(this.min) + "-"
					+ LoadPlan.number(this.max) + " (median " + LoadPlan.number(this.median) + ")";
		}

	}

}
