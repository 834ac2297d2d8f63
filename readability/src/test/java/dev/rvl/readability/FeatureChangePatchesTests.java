package dev.rvl.readability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.rvl.readability.FeatureChange.Change;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each patch of each feature change still applies to the current sources, context
 * included ({@code git apply --check}: nothing is written), so the diffs the page shows
 * cannot silently rot. {@code ./readability/regenerate.sh} refreshes the context; the app
 * patches are checked on their own: each touches only its app's files.
 */
class FeatureChangePatchesTests {

	static Stream<Arguments> patches() {
		return Arrays.stream(Change.values())
			.flatMap((change) -> FeatureChange.PATCHES.stream().map((name) -> Arguments.of(change, name)));
	}

	static Stream<Arguments> appPatches() {
		return patches().filter((arguments) -> !"shared".equals(arguments.get()[1]));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("patches")
	void patchAppliesToTheCurrentSources(Change change, String name) throws IOException, InterruptedException {
		Path repository = ReadabilityPageTests.REPOSITORY;
		Path patch = repository.resolve(change.directory()).resolve(name + ".patch");
		Process git = new ProcessBuilder(List.of("git", "apply", "--check", "--verbose", patch.toString()))
			.directory(repository.toFile())
			.redirectErrorStream(true)
			.start();
		String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(git.waitFor(1, TimeUnit.MINUTES)).isTrue();
		assertThat(git.exitValue())
			.as("stale: %s no longer applies to the current sources; run %s (refreshes its context), or remake "
					+ "it if the lines it changes moved (%s/README.md):%n%s", patch, ReadabilityReport.COMMAND,
					change.directory(), output)
			.isZero();
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("appPatches")
	void appPatchTouchesOnlyItsApp(Change change, String name) {
		FeatureChange.Patch patch = FeatureChange.read(ReadabilityPageTests.REPOSITORY)
			.stream()
			.filter((candidate) -> candidate.change() == change && candidate.name().equals(name))
			.findFirst()
			.orElseThrow();
		assertThat(patch.files()).allSatisfy((file) -> assertThat(file.path()).startsWith(name + "-app/"));
	}

}
