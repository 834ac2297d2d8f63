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
 * The committed page and findings are what the current sources generate: regenerated in
 * memory and compared byte for byte, so {@code ./mvnw verify} fails when either is stale
 * (or when the use-case table names code that is missing or empty: generation fails).
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
	void readmeFindingsMatchThePageWhenTheReadmeHasThem() throws IOException {
		String readme = Files.readString(REPOSITORY.resolve("README.md"), StandardCharsets.UTF_8);
		int begin = readme.indexOf(FindingsWriter.BEGIN);
		if (begin < 0) {
			return; // not merged into the README yet
		}
		int end = readme.indexOf(FindingsWriter.END, begin);
		assertThat(end).as("README: %s without %s", FindingsWriter.BEGIN, FindingsWriter.END).isPositive();
		assertThat(readme.substring(begin, end + FindingsWriter.END.length()) + "\n")
			.as("stale: the README's readability findings differ from %s; run %s and copy it into the README",
					ReadabilityReport.FINDINGS, ReadabilityReport.COMMAND)
			.isEqualTo(generated.get(ReadabilityReport.FINDINGS));
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
	}

	private static void assertUpToDate(String path) throws IOException {
		Path file = REPOSITORY.resolve(path);
		String committed = Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
		assertThat(committed.equals(generated.get(path)))
			.as("stale: %s is not what the current sources generate; run %s", path, ReadabilityReport.COMMAND)
			.isTrue();
	}

}
