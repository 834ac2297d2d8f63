package dev.rvl.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.rvl.bench.Finding.Severity;
import dev.rvl.bench.HarnessCheck.Window;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class HarnessCheckTests {

	private static final int CORES = 2;

	private final HarnessLimits limits = HarnessLimits.defaults();

	/**
	 * Three steps of 10 s each: 0-10 s, 10-20 s, 20-30 s; step 1 fails (p99), so 0 and 1
	 * decide.
	 */
	private final List<StepStats> steps = List.of(KneeTests.step(0, 100, 100, 1, 200),
			KneeTests.step(1, 200, 200, 1, 5000), KneeTests.step(2, 300, 300, 1, 9000));

	private final Map<Integer, Window> windows = Map.of(0, new Window(0, 10_000), 1, new Window(10_000, 20_000), 2,
			new Window(20_000, 30_000));

	@Test
	void passesARunWhereOnlyTheAppWorkedHard() {
		ResourceSeries resources = resources(Map.of(ResourceSeries.CPU + Sample.GATLING, constant(0.3),
				ResourceSeries.CPU + Sample.POSTGRES, constant(0.2), ResourceSeries.OTHER_CPU, constant(0.05),
				ResourceSeries.STEAL, constant(0.0), ResourceSeries.MACHINE_BUSY, constant(1.5)));

		assertThat(check(resources, Map.of(0, 110.0, 1, 111.0, 2, 112.0), 1.0)).isEmpty();
	}

	@Test
	void invalidatesTheDecisiveStepsAndOnlyWarnsBeyondTheKnee() {
		// Gatling busy (1.2 of 2 cores) from 10 s on: in step 1 (decisive) and step 2
		// (beyond)
		List<Double> gatling = new ArrayList<>(constant(0.3));
		for (int i = 10; i < gatling.size(); i++) {
			gatling.set(i, 1.2);
		}
		ResourceSeries resources = resources(Map.of(ResourceSeries.CPU + Sample.GATLING, gatling));

		assertThat(check(resources, Map.of(), 1.0)).extracting(Finding::rule, Finding::severity, Finding::step)
			.containsExactly(tuple("generator-cpu", Severity.INVALID, 1), tuple("generator-cpu", Severity.WARNING, 2));
	}

	@Test
	void flagsTheStubWhenItsOwnP99ExceedsItsLatencyWellBeyondBucketWidth() {
		// 100 ms configured: at most 100 x 1.25 + 25 = 150 ms
		List<Finding> findings = check(resources(Map.of()), Map.of(0, 150.0, 1, 151.0), 1.0);

		assertThat(findings).extracting(Finding::rule, Finding::step).containsExactly(tuple("stub-latency", 1));
		assertThat(findings.get(0).message()).contains("151 ms for a configured 100 ms (at most 150 ms)");
	}

	@Test
	void flagsAGeneratorThatDidNotHoldTheArrivalRate() {
		List<StepStats> lagging = List.of(KneeTests.step(0, 100, 90, 1, 200));

		List<Finding> findings = HarnessCheck.check(new HarnessCheck.Evidence("loom", lagging,
				Knee.detect(lagging, true, 1000), true, this.windows, resources(Map.of()), Map.of(), 1.0), this.limits,
				CORES, 100);

		assertThat(findings).extracting(Finding::rule, Finding::severity)
			.containsExactly(tuple("generator-rate", Severity.INVALID));
	}

	@Test
	void flagsPostgresOtherProcessesStealAndASaturatedMachine() {
		ResourceSeries resources = resources(
				Map.of(ResourceSeries.CPU + Sample.POSTGRES, constant(1.1), ResourceSeries.OTHER_CPU, constant(0.5),
						ResourceSeries.STEAL, constant(0.08), ResourceSeries.MACHINE_BUSY, constant(1.98)));

		assertThat(check(resources, Map.of(), 1.0)).filteredOn((finding) -> finding.step() == 0)
			.extracting(Finding::rule, Finding::severity)
			.containsExactly(tuple("postgres-cpu", Severity.INVALID), tuple("other-cpu", Severity.INVALID),
					tuple("cpu-steal", Severity.INVALID), tuple("machine-cpu", Severity.INVALID));
	}

	@Test
	void withCpuIsolationFlagsAHarnessThatDidNotFitInItsCpusAndNotABusyApp() {
		CpuIsolation isolation = CpuIsolation.of(CpuIsolation.Mode.CPUSET, List.of(0, 1), null);
		ResourceSeries resources = resources(Map.of(ResourceSeries.MACHINE_BUSY, constant(1.98),
				ResourceSeries.HARNESS_CPUS_BUSY, constant(0.97), ResourceSeries.APP_CPUS_BUSY, constant(1.0)));

		List<Finding> findings = HarnessCheck.check(new HarnessCheck.Evidence("reactive", this.steps,
				Knee.detect(this.steps, true, 1000), true, this.windows, resources, Map.of(), 1.0, isolation),
				this.limits, CORES, 100);

		assertThat(findings).filteredOn((finding) -> finding.step() == 0)
			.extracting(Finding::rule, Finding::severity)
			.containsExactly(tuple("harness-cpu", Severity.INVALID));
		assertThat(findings.get(0).message()).contains("CPU 0 was 97 % busy");
	}

	@Test
	void flagsAGeneratorThatFellBehindItsSchedule() {
		StepStats late = new StepStats(0, 100, 10, 99, 99, 200, 0, 1.0, 110, 120, 130, 140, Map.of(), 2.5);

		List<Finding> findings = HarnessCheck.check(new HarnessCheck.Evidence("loom", List.of(late),
				Knee.detect(List.of(late), true, 1000), true, this.windows, resources(Map.of()), Map.of(), 1.0),
				this.limits, CORES, 100);

		assertThat(findings).extracting(Finding::rule).containsExactly("generator-lag");
		assertThat(findings.get(0).message()).contains("2.5 s behind");
	}

	@Test
	void invalidatesARunWithTooFewReadings() {
		assertThat(check(resources(Map.of()), Map.of(), 0.5)).extracting(Finding::rule, Finding::step)
			.containsExactly(tuple("samples", null));
	}

	@Test
	void computesTheStubP99PerStepFromHistogramDifferences() {
		List<Sample> samples = new ArrayList<>();
		// before step 0: 1000 old observations at <= 0.1 s (must not count)
		samples.add(stubSample(-1000, 1000, 0));
		// during step 0 (0-10 s): 100 more, all in (0.1, 0.2]
		samples.add(stubSample(5_000, 1000, 50));
		samples.add(stubSample(10_000, 1000, 100));

		Map<Integer, Double> p99 = HarnessCheck.stubP99ByStep(samples, Map.of(0, new Window(0, 10_000)));

		// rank 99 of 100 in (0.1, 0.2] -> 0.1 + 0.1 x 99/100 = 199 ms
		assertThat(p99.get(0)).isCloseTo(199.0, org.assertj.core.api.Assertions.within(1e-9));
	}

	private List<Finding> check(ResourceSeries resources, Map<Integer, Double> stubP99, double coverage) {
		Knee knee = Knee.detect(this.steps, true, 1000);
		return HarnessCheck.check(new HarnessCheck.Evidence("reactive", this.steps, knee, true, this.windows, resources,
				stubP99, coverage), this.limits, CORES, 100);
	}

	/** One reading per second from 0 to 30 s. */
	private static ResourceSeries resources(Map<String, List<Double>> columns) {
		List<Long> times = new ArrayList<>();
		for (long second = 0; second <= 30; second++) {
			times.add(second * 1000);
		}
		return new ResourceSeries(times, new HashMap<>(columns));
	}

	private static List<Double> constant(double value) {
		return new ArrayList<>(Collections.nCopies(31, value));
	}

	private static Sample stubSample(long epochMs, double fast, double slow) {
		Map<Double, Double> buckets = new TreeMap<>();
		buckets.put(0.1, fast);
		buckets.put(0.2, fast + slow);
		buckets.put(Double.POSITIVE_INFINITY, fast + slow);
		return new Sample(epochMs, Map.of(), null, null, buckets);
	}

}
