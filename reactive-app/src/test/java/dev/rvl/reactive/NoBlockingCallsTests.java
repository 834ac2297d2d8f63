package dev.rvl.reactive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Main code never waits for a publisher: no {@code block()}, {@code blockFirst()},
 * {@code blockLast()}, {@code blockOptional()}, {@code toFuture().get()} or
 * {@code toFuture().join()} - with one exception, named here: the start-up wait for the
 * DB pool to fill ({@code config/DatabaseConfiguration}), on the main thread before the
 * app reports ready, once, where no request is served yet.
 */
class NoBlockingCallsTests {

	/** Sources allowed to wait, each exactly once. */
	static final List<Path> START_UP = List
		.of(Path.of("src/main/java/dev/rvl/reactive/config/DatabaseConfiguration.java"));

	static final Pattern BLOCKING = Pattern
		.compile("\\.block(First|Last|Optional)?\\(|toFuture\\(\\)\\s*\\.\\s*(get|join)\\(");

	@Test
	void mainCodeHasNoBlockingCalls() throws IOException {
		try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
			List<String> offenders = sources.filter((path) -> path.toString().endsWith(".java"))
				.filter((path) -> !START_UP.contains(path))
				.filter(NoBlockingCallsTests::blocks)
				.map(Path::toString)
				.toList();
			assertThat(offenders).isEmpty();
		}
	}

	@Test
	void startUpWaitsOnceForThePoolAndNowhereElse() throws IOException {
		for (Path source : START_UP) {
			String code = Files.readString(source);
			assertThat(BLOCKING.matcher(code).results().count()).as(source.toString()).isEqualTo(1);
			assertThat(code).as(source.toString()).contains("ApplicationRunner", ".warmup().block(");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "mono.block()", "mono.block(Duration.ofSeconds(1))", "flux.blockFirst()",
			"flux.blockLast()", "mono.blockOptional()", "mono.toFuture().get()", "mono.toFuture().join()",
			"mono.toFuture()\n\t.join()" })
	void recognizesEveryWayToWaitForAPublisher(String code) {
		assertThat(BLOCKING.matcher(code).find()).as(code).isTrue();
	}

	static boolean blocks(Path source) {
		try {
			return BLOCKING.matcher(Files.readString(source)).find();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
