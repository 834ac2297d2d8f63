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

}
