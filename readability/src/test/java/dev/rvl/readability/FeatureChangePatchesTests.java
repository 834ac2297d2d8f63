package dev.rvl.readability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each feature-change patch still applies to the current sources, context included
 * ({@code git apply --check}: nothing is written), so the diffs the page shows cannot
 * silently rot. {@code ./readability/generate.sh} refreshes the context; the app patches
 * are checked on their own: each touches only its app's files.
 */
class FeatureChangePatchesTests {

	@ParameterizedTest
	@ValueSource(strings = { "reactive", "loom", "shared" })
	void patchAppliesToTheCurrentSources(String name) throws IOException, InterruptedException {
		Path repository = ReadabilityPageTests.REPOSITORY;
		Path patch = repository.resolve(FeatureChange.DIRECTORY).resolve(name + ".patch");
		Process git = new ProcessBuilder(List.of("git", "apply", "--check", "--verbose", patch.toString()))
			.directory(repository.toFile())
			.redirectErrorStream(true)
			.start();
		String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(git.waitFor(1, TimeUnit.MINUTES)).isTrue();
		assertThat(git.exitValue())
			.as("stale: %s no longer applies to the current sources; run %s (refreshes its context), or remake "
					+ "it if the lines it changes moved (%s/README.md):%n%s", patch, ReadabilityReport.COMMAND,
					FeatureChange.DIRECTORY, output)
			.isZero();
	}

	@ParameterizedTest
	@ValueSource(strings = { "reactive", "loom" })
	void appPatchTouchesOnlyItsApp(String name) {
		FeatureChange.Patch patch = FeatureChange.read(ReadabilityPageTests.REPOSITORY)
			.stream()
			.filter((candidate) -> candidate.name().equals(name))
			.findFirst()
			.orElseThrow();
		assertThat(patch.files()).allSatisfy((file) -> assertThat(file.path()).startsWith(name + "-app/"));
	}

}
