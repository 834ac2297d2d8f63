package dev.rvl.bench;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The report's numbers, as written to {@code summary.json}, embedded in
 * {@code index.html} and rendered as {@code summary.md}.
 *
 * @param title page title
 * @param generatedAt when (UTC)
 * @param verdict {@code VALID}, {@code NOT VALID} (the harness was the bottleneck) or
 * {@code FAILED} (a variant could not be measured)
 * @param valid whether the verdict is {@code VALID}
 * @param invalidReasons why not, one line each
 * @param workload what load was offered and against which SLO
 * @param variants per variant
 * @param findings the harness check's findings, all variants
 * @param settings every setting used, per variant where they differ
 * @param limits the harness check's limits
 * @param wallSeconds how long the whole run took
 * @param repeat repetitions of the whole comparison
 * @param seed the seed of the running order
 * @param runningOrder each repetition's running order
 * @param spreads each variant's headline figures over the repetitions
 * @param comparisons the variants compared pairwise, in words
 * @param provenance commit, versions, kernel and CPU
 */
record Summary(String title, String generatedAt, String verdict, boolean valid, List<String> invalidReasons,
		WorkloadSummary workload, List<VariantSummary> variants, List<Finding> findings, List<SettingRow> settings,
		HarnessLimits limits, long wallSeconds, int repeat, long seed, List<List<String>> runningOrder,
		List<Spread> spreads, List<String> comparisons, Provenance provenance) {

	static final String VALID = "VALID";

	static final String NOT_VALID = "NOT VALID";

	static final String FAILED = "FAILED";

	/**
	 * The harness check's rules about the machine itself - the hypervisor stealing CPU,
	 * processes outside the benchmark - rather than anything the harness or the app did.
	 */
	static final Set<String> MACHINE_RULES = Set.of("cpu-steal", "other-cpu");

	/**
	 * The harness check's rules about delays - the stub answering late, Gatling starting
	 * arrivals late - which CPU taken by the machine causes directly: a process whose CPU
	 * is taken away wakes up late. In a step where a machine rule fired for the same
	 * variant, they are the machine's too. The rules about how much the harness did
	 * ({@code generator-cpu}, {@code harness-cpu}, {@code generator-rate}, ...) never
	 * are: CPU time stolen is not charged to the process it was stolen from.
	 */
	static final Set<String> DELAY_RULES = Set.of("stub-latency", "generator-lag");

	/**
	 * With repetitions of the overload simulation: per variant, in how many runs every
	 * target was met and how often each was missed - one run's miss may be chance, a
	 * target missed in every run is not ({@link Overload#tallyLine}); empty otherwise.
	 */
	@JsonProperty
	Map<String, String> overloadOverRepetitions() {
		return Overload.overRepetitions(this.variants,
				(v) -> (v.overload() != null) ? v.overload().missedTargets() : null);
	}

	/** The same for the cold-start simulation. */
	@JsonProperty
	Map<String, String> coldStartOverRepetitions() {
		return Overload.overRepetitions(this.variants,
				(v) -> (v.coldStart() != null) ? v.coldStart().missedTargets() : null);
	}

	static Summary of(BenchOptions options, List<VariantResult> results, Map<String, String> databaseSettings,
			BenchDatabase database, StubProcess stub, MachineInfo machine, Duration elapsed) {
		return of(options, results, databaseSettings, database, stub, machine, elapsed, null);
	}

	static Summary of(BenchOptions options, List<VariantResult> results, Map<String, String> databaseSettings,
			BenchDatabase database, StubProcess stub, MachineInfo machine, Duration elapsed, Provenance provenance) {
		WorkloadSummary workload = WorkloadSummary.of(options, machine.cores(), results);
		List<VariantSummary> variants = results.stream()
			.map((result) -> VariantSummary.of(result, options, workload, machine.cores()))
			.toList();
		List<SettingRow> settings = SettingRow.table(options, results, databaseSettings, database, stub, machine);
		Summary summary = of(workload, variants, settings, options.limits(), elapsed.toSeconds());
		List<List<String>> order = Benchmark.runningOrders(options.variants(), options.repeat(), options.seed())
			.stream()
			.map((variantsInOrder) -> variantsInOrder.stream().map(Variant::id).toList())
			.toList();
		List<Spread> spreads = Spread.of(variants);
		List<Finding> findings = new ArrayList<>(summary.findings());
		if (provenance != null && provenance.speed() != null) {
			provenance.speed().finding().ifPresent(findings::add);
		}
		return new Summary(summary.title(), summary.generatedAt(), summary.verdict(), summary.valid(),
				summary.invalidReasons(), workload, variants, List.copyOf(findings), settings, options.limits(),
				elapsed.toSeconds(), options.repeat(), options.seed(), order, spreads, Spread.comparisons(spreads),
				provenance);
	}

	/** Applies the verdict rules to analysed variants (used by the fixture, too). */
	static Summary of(WorkloadSummary workload, List<VariantSummary> variants, List<SettingRow> settings,
			HarnessLimits limits, long wallSeconds) {
		List<Finding> findings = variants.stream().flatMap((variant) -> variant.findings().stream()).toList();
		List<String> reasons = new ArrayList<>();
		for (VariantSummary variant : variants) {
			if (variant.error() != null) {
				reasons.add(variant.label() + " could not be measured: " + firstLine(variant.error()));
			}
		}
		boolean failed = !reasons.isEmpty();
		findings.stream()
			.filter((finding) -> finding.severity() == Finding.Severity.INVALID)
			.forEach(
					(finding) -> reasons.add(finding.variant()
							+ ((finding.step() != null)
									? " at " + LoadPlan.number(finding.offered()) + " " + workload.unit() : "")
							+ ": " + finding.rule() + " - " + finding.message()));
		String verdict = failed ? FAILED : (reasons.isEmpty() ? VALID : NOT_VALID);
		return new Summary("Reactive vs Loom: " + workload.preset() + " / " + workload.simulation(),
				OffsetDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME), verdict,
				VALID.equals(verdict), reasons, workload, variants, findings, settings, limits, wallSeconds, 1, 0,
				List.of(), Spread.of(variants), Spread.comparisons(Spread.of(variants)), null);
	}

	/**
	 * Whether a run is NOT VALID because of the machine alone: every finding that counted
	 * against validity is one of {@link #MACHINE_RULES}, or one of {@link #DELAY_RULES}
	 * in a step where a machine rule fired for the same variant (CI's run on a VM losing
	 * 11.1 % to steal had the stub's p99 at 153 ms for 100 in that step, 150 allowed).
	 * Such a run says nothing about the apps, and nothing wrong about the project either:
	 * on a shared VM whose neighbours took the CPU, NOT VALID is the right verdict
	 * ({@code bench/quick-check.sh} exits 5).
	 */
	static boolean spoiledByTheMachineAlone(String verdict, List<Finding> findings) {
		List<Finding> counted = findings.stream()
			.filter((finding) -> finding.severity() == Finding.Severity.INVALID)
			.toList();
		Set<VariantStep> machineSteps = counted.stream()
			.filter((finding) -> MACHINE_RULES.contains(finding.rule()) && finding.step() != null)
			.map(VariantStep::of)
			.collect(Collectors.toSet());
		return NOT_VALID.equals(verdict) && !counted.isEmpty() && counted.stream()
			.allMatch((finding) -> MACHINE_RULES.contains(finding.rule())
					|| (DELAY_RULES.contains(finding.rule()) && machineSteps.contains(VariantStep.of(finding))));
	}

	/** A step of one variant's run, where findings meet. */
	private record VariantStep(String variant, Integer step) {

		static VariantStep of(Finding finding) {
			return new VariantStep(finding.variant(), finding.step());
		}

	}

	/** The exit code of the runner: 0 valid, 1 not valid, 2 failed. */
	int exitCode() {
		return switch (this.verdict) {
			case VALID -> 0;
			case NOT_VALID -> 1;
			default -> 2;
		};
	}

	private static String firstLine(String text) {
		int newline = text.indexOf('\n');
		return (newline < 0) ? text : text.substring(0, newline);
	}

}
