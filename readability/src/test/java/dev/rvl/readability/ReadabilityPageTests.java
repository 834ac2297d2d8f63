package dev.rvl.readability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed page, findings and README section are what the current sources generate:
 * regenerated in memory and compared byte for byte, so {@code ./mvnw verify} fails when
 * any is stale, naming {@link ReadabilityReport#COMMAND} (or when the use-case table
 * names code that is missing or empty: generation fails).
 */
class ReadabilityPageTests {

	static final Path REPOSITORY = Root.findRepository(Path.of(""));

	static Map<String, String> generated;

	@BeforeAll
	static void generate() {
		generated = ReadabilityReport.generate(REPOSITORY);
	}

	@Test
	void committedPageIsUpToDate() throws IOException {
		assertUpToDate(ReadabilityReport.PAGE);
	}

	@Test
	void committedFindingsAreUpToDate() throws IOException {
		assertUpToDate(ReadabilityReport.FINDINGS);
	}

	@Test
	void readmeReadabilitySectionIsUpToDate() throws IOException {
		assertUpToDate(ReadabilityReport.README);
		String readme = generated.get(ReadabilityReport.README);
		assertThat(readme).contains(generated.get(ReadabilityReport.FINDINGS));
	}

	@Test
	void replacesOnlyTheReadmeSection() {
		String readme = "# Title\n\n" + FindingsWriter.BEGIN + "\nold\n" + FindingsWriter.END + "\n\n## Next\n";

		assertThat(ReadabilityReport.withFindings(readme, FindingsWriter.BEGIN + "\nnew\n" + FindingsWriter.END + "\n"))
			.isEqualTo("# Title\n\n" + FindingsWriter.BEGIN + "\nnew\n" + FindingsWriter.END + "\n\n## Next\n");
	}

	@Test
	void pageIsTheSameOnEveryRun() {
		assertThat(ReadabilityReport.generate(REPOSITORY)).isEqualTo(generated);
	}

	@Test
	void pageShowsEveryUseCaseOfBothApps() {
		String page = generated.get(ReadabilityReport.PAGE);
		for (UseCase useCase : UseCases.ALL) {
			assertThat(page).contains("<section id=\"" + useCase.id() + "\">");
		}
		assertThat(page).doesNotContain("\r").doesNotContain("<td>null</td>");
		for (FeatureChange.Change change : FeatureChange.Change.values()) {
			assertThat(page).contains(change.directory() + "/reactive.patch");
		}
	}

	private static void assertUpToDate(String path) throws IOException {
		Path file = REPOSITORY.resolve(path);
		String committed = Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
		assertThat(committed.equals(generated.get(path)))
			.as("stale: %s is not what the current sources generate; run %s", path, ReadabilityReport.COMMAND)
			.isTrue();
	}

}
