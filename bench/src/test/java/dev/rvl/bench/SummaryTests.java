package dev.rvl.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class SummaryTests {

	@Test
	void findsEachVariantsKneeAndCallsACleanRunValid() {
		Summary summary = ReportFixture.summary(0.3);

		assertThat(summary.verdict()).isEqualTo(Summary.VALID);
		assertThat(summary.exitCode()).isZero();
		assertThat(summary.variants()).extracting((variant) -> variant.knee().heldOffered())
			.containsExactly(80.0, 80.0, 40.0);
		VariantSummary platform = summary.variants().get(2);
		assertThat(platform.knee().firstFailingOffered()).isEqualTo(60);
		assertThat(platform.knee().failure()).startsWith("p99 ");
		assertThat(platform.outcomes()).containsKeys("created", "fraud-rejected");
		assertThat(summary.settings()).anySatisfy((row) -> {
			assertThat(row.name()).isEqualTo("profile arguments");
			assertThat(row.differs()).isTrue();
		});
	}

	@Test
	void callsARunNotValidWhenTheGeneratorTookTheMachine() {
		Summary summary = ReportFixture.summary(1.5);

		assertThat(summary.verdict()).isEqualTo(Summary.NOT_VALID);
		assertThat(summary.exitCode()).isEqualTo(1);
		assertThat(summary.invalidReasons()).anySatisfy((reason) -> assertThat(reason).contains("generator-cpu"));
	}

	/**
	 * A VM whose hypervisor took 8 % of the CPU all along: NOT VALID, rightly, and for
	 * the machine alone - {@code BenchMain verdict} says so with its own exit code, which
	 * CI tells apart from a NOT VALID the harness or an app caused.
	 */
	@Test
	void tellsARunSpoiledByTheMachineAloneFromOneTheHarnessSpoiled(@TempDir Path directory) throws Exception {
		Summary stolen = ReportFixture.summaryOnAStolenMachine(0.08);
		Summary calm = ReportFixture.summaryOnAStolenMachine(0.01);
		Summary generatorBound = ReportFixture.summary(1.5);

		assertThat(stolen.verdict()).isEqualTo(Summary.NOT_VALID);
		assertThat(stolen.invalidReasons()).isNotEmpty()
			.allSatisfy((reason) -> assertThat(reason).contains("cpu-steal"));
		assertThat(Summary.spoiledByTheMachineAlone(stolen.verdict(), stolen.findings())).isTrue();
		assertThat(calm.verdict()).isEqualTo(Summary.VALID);
		assertThat(Summary.spoiledByTheMachineAlone(calm.verdict(), calm.findings())).isFalse();
		assertThat(Summary.spoiledByTheMachineAlone(generatorBound.verdict(), generatorBound.findings())).isFalse();
		List<Finding> both = new ArrayList<>(stolen.findings());
		both.addAll(generatorBound.findings());
		assertThat(Summary.spoiledByTheMachineAlone(Summary.NOT_VALID, both)).as("the machine and the generator")
			.isFalse();
		Finding steal = stolen.findings()
			.stream()
			.filter((finding) -> finding.rule().equals("cpu-steal"))
			.findFirst()
			.orElseThrow();
		List<Finding> lateStub = new ArrayList<>(stolen.findings());
		lateStub.add(late(steal.variant(), steal.step(), "stub-latency"));
		lateStub.add(late(steal.variant(), steal.step(), "generator-lag"));
		assertThat(Summary.spoiledByTheMachineAlone(Summary.NOT_VALID, lateStub))
			.as("the stub and Gatling late in a step the hypervisor stole from")
			.isTrue();
		assertThat(Summary.spoiledByTheMachineAlone(Summary.NOT_VALID,
				List.of(steal, late(steal.variant(), steal.step() + 1, "stub-latency"))))
			.as("the stub late in a step nobody stole from")
			.isFalse();
		assertThat(Summary.spoiledByTheMachineAlone(Summary.NOT_VALID,
				List.of(steal, late("other " + steal.variant(), steal.step(), "stub-latency"))))
			.as("the stub late in another variant's run")
			.isFalse();
		assertThat(Summary.spoiledByTheMachineAlone(Summary.NOT_VALID, List.of(late("loom", 1, "stub-latency"))))
			.as("the stub late, nothing stolen")
			.isFalse();

		assertThat(verdictOf(directory.resolve("stolen"), stolen)).isEqualTo(BenchMain.SPOILED_BY_THE_MACHINE);
		assertThat(verdictOf(directory.resolve("calm"), calm)).isZero();
		assertThat(verdictOf(directory.resolve("generator"), generatorBound)).isEqualTo(1);
	}

	private static Finding late(String variant, int step, String rule) {
		return new Finding(variant, rule, Finding.Severity.INVALID, step, 80.0, "late");
	}

	private static int verdictOf(Path directory, Summary summary) throws Exception {
		ReportWriter.write(directory, summary);
		return BenchMain.run(List.of("verdict", directory.resolve("summary.json").toString()));
	}

	/**
	 * The app's counter of orders refused after admission, read once a second: each step
	 * gets its own increase (a counter that restarts, as after an app restart, counts
	 * from zero again), and a step with no reading of the app's counter gets none.
	 */
	@Test
	void countsTheRefusalsAfterAdmissionStepByStep() {
		List<Sample> samples = new ArrayList<>();
		double overloaded = 0;
		for (int second = 0; second <= 40; second++) {
			overloaded += (second > 20) ? 7 : 1;
			AppReading app = new AppReading(30.0, 1e8, 0.0, 0.0, 1.0, 0.0, 5.0, 0.0, null,
					Map.of("created", second * 100.0, "overloaded", overloaded));
			samples.add(new Sample(second * 1000L, Map.of(), null, app, Map.of()));
		}

		assertThat(VariantSummary.refusedAfterAdmission(samples, new HarnessCheck.Window(5_000, 15_000))).isEqualTo(12);
		assertThat(VariantSummary.refusedAfterAdmission(samples, new HarnessCheck.Window(25_000, 35_000)))
			.isEqualTo(84);
		assertThat(VariantSummary.refusedAfterAdmission(samples, new HarnessCheck.Window(60_000, 70_000))).isNull();
		assertThat(VariantSummary.refusedAfterAdmission(samples, null)).isNull();
	}

	@Test
	void saysWhoStoppedAnAppThatExitedUnderLoad() {
		assertThat(VariantSummary.exitMeaning(143)).contains("SIGTERM").contains("something else on the machine");
		assertThat(VariantSummary.exitMeaning(1)).contains("crashed");
	}

	@Test
	void writesTheSameNumbersAsJsonMarkdownAndPage(@TempDir Path directory) throws Exception {
		Summary summary = ReportFixture.summary(1.5);

		ReportWriter.write(directory, summary);

		JsonNode json = ReportWriter.JSON.readTree(Files.readString(directory.resolve("summary.json")));
		assertThat(json.get("verdict").asString()).isEqualTo("NOT VALID");
		assertThat(json.get("variants").get(2).get("knee").get("heldOffered").asDouble()).isEqualTo(40.0);
		String markdown = Files.readString(directory.resolve("summary.md"));
		assertThat(markdown).contains("**NOT VALID**").contains("| platform | 40 |");
		assertThat(markdown).as("the share of each step a CPU quota stopped the app, for the app that had one")
			.containsOnlyOnce("CPU quota: share of each step the app was stopped")
			.contains("step 0: 25 %, step 1: 25 %");
		String html = Files.readString(directory.resolve("index.html"));
		assertThat(html).contains("data-verdict=\"NOT VALID\"")
			.contains("Chart.js v4")
			.doesNotContain("{{")
			.doesNotContain("<script src=");
	}

}
