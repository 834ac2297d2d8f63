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
 * {@code toFuture().join()}.
 */
class NoBlockingCallsTests {

	static final Pattern BLOCKING = Pattern
		.compile("\\.block(First|Last|Optional)?\\(|toFuture\\(\\)\\s*\\.\\s*(get|join)\\(");

	@Test
	void mainCodeHasNoBlockingCalls() throws IOException {
		try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
			List<String> offenders = sources.filter((path) -> path.toString().endsWith(".java"))
				.filter(NoBlockingCallsTests::blocks)
				.map(Path::toString)
				.toList();
			assertThat(offenders).isEmpty();
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
