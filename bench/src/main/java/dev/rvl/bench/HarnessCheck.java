package dev.rvl.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

import dev.rvl.bench.Finding.Severity;

/**
 * Decides whether a variant's run measured the app or the harness. Each rule is checked
 * per step; a breach counts against validity ({@code INVALID}) in the steps that decide
 * the knee (up to and including the first failing step) and is a {@code WARNING} beyond
 * it, where the app had already failed on its own.
 * <ul>
 * <li>{@code generator-rate}: Gatling did not start the offered arrivals (open
 * model);</li>
 * <li>{@code generator-cpu}: Gatling used more than its share of the machine;</li>
 * <li>{@code stub-latency}: the stub's own p99 was well above its configured
 * latency;</li>
 * <li>{@code postgres-cpu}: PostgreSQL used more than its share of the machine;</li>
 * <li>{@code other-cpu}: processes outside the benchmark competed for the CPU;</li>
 * <li>{@code cpu-steal}: the hypervisor took CPU time;</li>
 * <li>{@code samples}: too few once-a-second readings to tell (whole run);</li>
 * <li>{@code generator-lag}: the generator fell behind its schedule (open model);</li>
 * <li>{@code harness-cpu} (with CPU isolation): the harness's CPUs were saturated - the
 * generator, the stub and PostgreSQL did not fit in them;</li>
 * <li>{@code machine-cpu} (without CPU isolation): the machine's CPU was saturated - the
 * app and the harness starved each other, so the step says nothing about either.</li>
 * </ul>
 * Only these are checked; the verdict says so.
 */
final class HarnessCheck {

	private HarnessCheck() {
	}

	static List<Finding> check(Evidence evidence, HarnessLimits limits, int cores, long partnerLatencyMs) {
		List<Finding> findings = new ArrayList<>();
		if (evidence.sampleCoverage() < limits.minSampleCoverage()) {
			findings.add(new Finding(evidence.variant(), "samples", Severity.INVALID, null, null,
					String.format(Locale.ROOT,
							"only %.0f %% of the once-a-second readings were taken (at least %.0f %%)",
							evidence.sampleCoverage() * 100, limits.minSampleCoverage() * 100)));
		}
		int decisive = evidence.knee().lastDecisiveStep();
		long maxStub = limits.maxStubP99Ms(partnerLatencyMs);
		for (StepStats step : evidence.steps()) {
			Severity severity = (step.step() <= decisive) ? Severity.INVALID : Severity.WARNING;
			if (evidence.openModel() && step.sentRatio() < limits.minSentRatio()) {
				add(findings, evidence, step, severity, "generator-rate", String.format(Locale.ROOT,
						"Gatling started %.1f of %.1f offered orders/s (%.0f %%, at least %.0f %%)",
						step.sentPerSecond(), step.offered(), step.sentRatio() * 100, limits.minSentRatio() * 100));
			}
			if (evidence.openModel() && step.generatorLagSeconds() > limits.maxGeneratorLagSeconds()) {
				add(findings, evidence, step, severity, "generator-lag",
						String.format(Locale.ROOT,
								"Gatling fell %.1f s behind its schedule (at most %.1f s): arrivals started late",
								step.generatorLagSeconds(), limits.maxGeneratorLagSeconds()));
			}
			Window window = evidence.windows().get(step.step());
			if (window == null) {
				continue;
			}
			ResourceSeries resources = evidence.resources();
			mean(resources, ResourceSeries.CPU + Sample.GATLING, window).map((used) -> used / cores)
				.filter((share) -> share > limits.maxGeneratorShare())
				.ifPresent((share) -> add(findings, evidence, step, severity, "generator-cpu",
						String.format(Locale.ROOT, "Gatling used %.2f cores (%.0f %% of %d; at most %.0f %%)",
								share * cores, share * 100, cores, limits.maxGeneratorShare() * 100)));
			mean(resources, ResourceSeries.CPU + Sample.POSTGRES, window).map((used) -> used / cores)
				.filter((share) -> share > limits.maxPostgresShare())
				.ifPresent((share) -> add(findings, evidence, step, severity, "postgres-cpu",
						String.format(Locale.ROOT, "PostgreSQL used %.2f cores (%.0f %% of %d; at most %.0f %%)",
								share * cores, share * 100, cores, limits.maxPostgresShare() * 100)));
			mean(resources, ResourceSeries.OTHER_CPU, window).filter((other) -> other > limits.maxOtherCores())
				.ifPresent((other) -> add(findings, evidence, step, severity, "other-cpu",
						String.format(Locale.ROOT, "processes outside the benchmark used %.2f cores (at most %.2f)",
								other, limits.maxOtherCores())));
			mean(resources, ResourceSeries.STEAL, window).filter((steal) -> steal > limits.maxStealShare())
				.ifPresent((steal) -> add(findings, evidence, step, severity, "cpu-steal",
						String.format(Locale.ROOT, "the hypervisor stole %.1f %% of the CPU (at most %.1f %%)",
								steal * 100, limits.maxStealShare() * 100)));
			Double stubP99 = evidence.stubP99Ms().get(step.step());
			if (stubP99 != null && stubP99 > maxStub) {
				add(findings, evidence, step, severity, "stub-latency",
						String.format(Locale.ROOT,
								"the stub's own p99 was %.0f ms for a configured %d ms (at most %d ms)", stubP99,
								partnerLatencyMs, maxStub));
			}
			CpuIsolation isolation = evidence.isolation();
			if (isolation.isolated()) {
				int harnessCores = isolation.harnessCpus().size();
				mean(resources, ResourceSeries.HARNESS_CPUS_BUSY, window).map((busy) -> busy / harnessCores)
					.filter((share) -> share > limits.maxHarnessBusyShare())
					.ifPresent((share) -> add(findings, evidence, step, severity, "harness-cpu",
							String.format(Locale.ROOT,
									"the harness's CPU %s was %.0f %% busy (at most %.0f %%): Gatling, the stub and "
											+ "PostgreSQL did not fit in it",
									CpuIsolation.list(isolation.harnessCpus()), share * 100,
									limits.maxHarnessBusyShare() * 100)));
			}
			else {
				mean(resources, ResourceSeries.MACHINE_BUSY, window).map((busy) -> busy / cores)
					.filter((share) -> share > limits.maxMachineBusyShare())
					.ifPresent((share) -> add(findings, evidence, step, severity, "machine-cpu",
							String.format(Locale.ROOT,
									"the machine's CPU was %.0f %% busy (at most %.0f %%): app, generator, stub and "
											+ "database starved each other on %d shared cores (try --isolation cpuset)",
									share * 100, limits.maxMachineBusyShare() * 100, cores)));
			}
		}
		return findings;
	}

	/**
	 * The stub's p99 (ms) per step, from the difference of its cumulative histogram
	 * between the last reading before the step (or its first reading) and its last
	 * reading.
	 */
	static Map<Integer, Double> stubP99ByStep(List<Sample> samples, Map<Integer, Window> windows) {
		Map<Integer, Double> p99 = new TreeMap<>();
		windows.forEach((step, window) -> {
			Sample first = null;
			Sample last = null;
			for (Sample sample : samples) {
				if (sample.stubBuckets() == null || sample.epochMs() > window.toMs()) {
					continue;
				}
				if (sample.epochMs() <= window.fromMs() || first == null) {
					first = sample;
				}
				last = sample;
			}
			if (first != null && last != first) {
				BucketQuantile.quantile(0.99, BucketQuantile.delta(last.stubBuckets(), first.stubBuckets()))
					.ifPresent((seconds) -> p99.put(step, seconds * 1000));
			}
		});
		return p99;
	}

	private static void add(List<Finding> findings, Evidence evidence, StepStats step, Severity severity, String rule,
			String message) {
		findings.add(new Finding(evidence.variant(), rule, severity, step.step(), step.offered(), message));
	}

	private static Optional<Double> mean(ResourceSeries resources, String column, Window window) {
		OptionalDouble mean = resources.mean(column, window.fromMs(), window.toMs());
		return mean.isPresent() ? Optional.of(mean.getAsDouble()) : Optional.empty();
	}

	/**
	 * What the check looks at for one variant.
	 *
	 * @param variant the variant
	 * @param steps per-step results
	 * @param knee its knee
	 * @param openModel whether the load was an arrival rate
	 * @param windows when each step ran
	 * @param resources the sampler's series
	 * @param stubP99Ms the stub's p99 per step
	 * @param sampleCoverage share of expected readings taken
	 * @param isolation which CPUs the app and the harness had
	 */
	record Evidence(String variant, List<StepStats> steps, Knee knee, boolean openModel, Map<Integer, Window> windows,
			ResourceSeries resources, Map<Integer, Double> stubP99Ms, double sampleCoverage, CpuIsolation isolation) {

		Evidence(String variant, List<StepStats> steps, Knee knee, boolean openModel, Map<Integer, Window> windows,
				ResourceSeries resources, Map<Integer, Double> stubP99Ms, double sampleCoverage) {
			this(variant, steps, knee, openModel, windows, resources, stubP99Ms, sampleCoverage,
					CpuIsolation.none(List.of()));
		}

	}

	/**
	 * When a step ran.
	 *
	 * @param fromMs its first second's start
	 * @param toMs its last second's end
	 */
	record Window(long fromMs, long toMs) {
	}

}
