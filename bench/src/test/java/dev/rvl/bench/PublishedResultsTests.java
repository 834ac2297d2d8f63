package dev.rvl.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * README result tables come from committed summaries: every {@code docs/results/*.json}
 * has its table in the README, exactly as generated.
 */
class PublishedResultsTests {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	@Test
	void everyReadmeResultTableMatchesItsCommittedSummary() throws Exception {
		String readme = Files.readString(ROOT.resolve("README.md"));
		Map<String, String> tables = PublishedResults.tables(ROOT);

		tables.forEach((name, table) -> assertThat(readme)
			.as("the README's results:%s table is stale or was edited by hand; regenerate it with "
					+ "bench/publish.sh <results dir> %s (or revert the edit)", name, name)
			.contains(PublishedResults.begin(name) + "\n" + table + PublishedResults.end(name)));
	}

	@Test
	void publishesARunAsATrimmedSummaryAndItsTable(@TempDir Path root) throws Exception {
		Path results = root.resolve("results");
		ReportWriter.write(results, ReportFixture.summary(0.3));
		Files.writeString(root.resolve("README.md"), "# Title\n\n" + PublishedResults.begin("fixture") + "\nold table\n"
				+ PublishedResults.end("fixture") + "\n\nMore text.\n");

		PublishedResults.publish(root, results, "fixture");

		String readme = Files.readString(root.resolve("README.md"));
		String table = PublishedResults.tables(root).get("fixture");
		assertThat(readme).startsWith("# Title\n\n")
			.endsWith("\n\nMore text.\n")
			.doesNotContain("old table")
			.contains(table);
		assertThat(table).contains("| reactive | ≥ 80 (held every step)", "| platform | 40 |", "| 60 |");
		assertThat(Files.readString(root.resolve("docs/results/fixture.json"))).doesNotContain("\"resources\"")
			.contains("\"steps\"");
	}

	@Test
	void summarizesRepetitionsAsMediansWithTheirSpread() throws Exception {
		String step = "{\"stats\":{\"offered\":%s,\"okPerSecond\":%s,\"p99\":%s},\"held\":%s,\"appCpuMsPerOrder\":%s}";
		String summary = """
				{"repeat": 3, "verdict": "VALID", "workload": {"preset": "standard", "cores": 2},
				 "variants": [
				  {"id": "loom", "label": "loom #1", "knee": {"heldOffered": 400}, "steps": [%s, %s]},
				  {"id": "loom", "label": "loom #2", "knee": {"heldOffered": 400}, "steps": [%s, %s]},
				  {"id": "loom", "label": "loom #3", "knee": {"heldOffered": 200, "firstFailingOffered": 400},
				   "steps": [%s, %s]}],
				 "spreads": [{"variant": "loom", "runs": 3, "knee": {"min": 200, "median": 400, "max": 400},
				   "appCpuMsPerOrder": {"min": 1.1, "median": 1.2, "max": 1.5}, "p99Ms": {"min": 120, "median": 130,
				   "max": 140}, "kneeSpreadPercent": 50}],
				 "comparisons": ["loom alone"]}
				""".formatted(step.formatted(200, 200, 120, true, 1.5), step.formatted(400, 400, 130, true, 1.0),
				step.formatted(200, 199, 125, true, 1.4), step.formatted(400, 398, 140, true, 1.1),
				step.formatted(200, 200, 110, true, 1.3), step.formatted(400, 300, 900, false, 1.2));

		String table = PublishedResults.table(ReportWriter.JSON.readTree(summary));

		assertThat(table).contains("| loom | 3 | 200 / 400 / 400 | 50 % | 1.10 / 1.20 / 1.50 | 120 / 130 / 140 |",
				"| offered orders/s | loom: median ok/s · p99 ms · app ms/order |", "| 200 | 200 · 120 · 1.40 |",
				"| 400 | 398 · 140 · 1.10 ✗ 1/3 |");
		// the comparisons are worded from the figures, not copied from the summary
		assertThat(table).doesNotContain("loom alone");
	}

	@Test
	void saysWhenEveryRunHeldEveryStepEvenOfSummariesWrittenBeforeItWasRecorded() throws Exception {
		String spread = """
				{"variant": "%s", "runs": 2, "knee": {"min": 700, "median": 700, "max": 700},
				 "appCpuMsPerOrder": {"min": 1.1, "median": 1.2, "max": 1.3}, "p99Ms": {"min": 120, "median": 125,
				 "max": 130}, "kneeSpreadPercent": 0}""";
		String summary = """
				{"repeat": 2, "verdict": "VALID", "workload": {"preset": "standard", "cores": 2},
				 "variants": [
				  {"id": "loom", "label": "loom #1", "knee": {"heldOffered": 700}, "steps": []},
				  {"id": "loom", "label": "loom #2", "knee": {"heldOffered": 700}, "steps": []},
				  {"id": "reactive", "label": "reactive #1", "knee": {"heldOffered": 700}, "steps": []},
				  {"id": "reactive", "label": "reactive #2", "knee": {"heldOffered": 700}, "steps": []}],
				 "spreads": [%s, %s],
				 "comparisons": ["loom knee 700 vs reactive knee 700: no difference (within the spread)"]}
				""".formatted(spread.formatted("loom"), spread.formatted("reactive"));

		String table = PublishedResults.table(ReportWriter.JSON.readTree(summary));
		String reactiveFailedOnce = PublishedResults.table(ReportWriter.JSON
			.readTree(summary.replace("\"label\": \"reactive #2\", \"knee\": {\"heldOffered\": 700}",
					"\"label\": \"reactive #2\", \"knee\": {\"heldOffered\": 700, \"firstFailingOffered\": 750}")));

		assertThat(table)
			.contains("| loom | 2 | 700 / 700 / 700 | 0 % (every run held every step) |",
					"- loom knee ≥ 700 vs reactive knee ≥ 700: both held every step")
			.doesNotContain("no difference");
		assertThat(reactiveFailedOnce).contains("| reactive | 2 | 700 / 700 / 700 | 0 % |",
				"- loom knee ≥ 700 vs reactive knee 700: no difference (within the spread)");
	}

	@Test
	void saysWhichRunsHeldNoStepEvenOfSummariesWrittenBeforeItWasRecorded() throws Exception {
		// as the runner wrote it before: the spread and the range of the runs with a knee
		String summary = """
				{"repeat": 3, "verdict": "VALID", "workload": {"preset": "standard", "cores": 2},
				 "variants": [
				  {"id": "reactive", "label": "reactive #1", "knee": {"firstFailingOffered": 150}, "steps": []},
				  {"id": "reactive", "label": "reactive #2",
				   "knee": {"heldOffered": 150, "searchedOffered": 244, "firstFailingOffered": 300}, "steps": []},
				  {"id": "reactive", "label": "reactive #3", "knee": {"firstFailingOffered": 150}, "steps": []},
				  {"id": "loom", "label": "loom #1", "knee": {"heldOffered": 150, "searchedOffered": 240,
				   "firstFailingOffered": 300}, "steps": []}],
				 "spreads": [{"variant": "reactive", "runs": 3, "knee": {"min": 244, "median": 244, "max": 244},
				   "kneeSpreadPercent": 0},
				  {"variant": "loom", "runs": 1, "knee": {"min": 240, "median": 240, "max": 240}}]}
				""";

		String table = PublishedResults.table(ReportWriter.JSON.readTree(summary));

		assertThat(table).contains("| reactive | 3 | 244 / 244 / 244 | - (2 of 3 runs held no step) |")
			.doesNotContain("| 0 % |");
	}

	@Test
	void showsTheOverloadLevelsAndTheColdStart() throws Exception {
		String summary = """
				{"repeat": 1, "workload": {}, "verdict": "NOT VALID",
				 "invalidReasons": ["loom at 200 orders/s: cpu-steal - the hypervisor stole 7.5 % of the CPU"],
				 "variants": [
				  {"id": "loom", "knee": {}, "steps": [], "overload": {"knee": 200, "recoverySeconds": 2, "missed": [],
				   "levels": [{"multiple": 1, "offered": 200, "goodput": 199, "goodputShare": 1, "p99Ms": 150,
				   "refusedPerSecond": 0, "refusedP99Ms": 0, "timeouts": 0}, {"multiple": 4, "offered": 800,
				   "goodput": 190, "goodputShare": 0.955, "p99Ms": 300, "refusedPerSecond": 600, "refusedP99Ms": 4,
				   "timeouts": 0}]}},
				  {"id": "reactive", "knee": {}, "steps": [], "coldStart": {"offered": 160, "secondsToSlo": null,
				   "missed": ["never settled within the SLO"]}}]}
				""";

		String table = PublishedResults.table(ReportWriter.JSON.readTree(summary));

		assertThat(table).doesNotContain("AOT cache");
		assertThat(PublishedResults.table(ReportWriter.JSON.readTree(summary.replace("\"workload\": {},",
				"\"workload\": {}, \"settings\": [{\"name\": \"AOT cache (--aot-cache)\", \"values\": "
						+ "{\"loom\": \"loom.aot from a training run\", \"reactive\": \"reactive.aot from a training run\"}}],"))))
			.contains("; each app from a JDK AOT cache trained just before its run (--aot-cache);");
		assertThat(table)
			.contains(
					"| loom | 200 | 1 x: 200 → 199 (100 %) · 150 · 0, 0 · 0<br>4 x: 800 → 190 (96 %) · 300"
							+ " · 600, 4 · 0 | 2 s | none |",
					"| reactive | 160 | never | never settled within the SLO |");
	}

}
