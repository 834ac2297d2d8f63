package dev.rvl.loom;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Main code guards what may block with {@code ReentrantLock}, never {@code synchronized}
 * (which pinned virtual threads before JDK 24 and still reads as a monitor held across
 * I/O).
 */
class NoSynchronizedTests {

	static final Pattern SYNCHRONIZED = Pattern.compile("\\bsynchronized\\b");

	@Test
	void mainCodeHasNoSynchronized() throws IOException {
		try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
			List<String> offenders = sources.filter((path) -> path.toString().endsWith(".java"))
				.filter(NoSynchronizedTests::usesSynchronized)
				.map(Path::toString)
				.toList();
			assertThat(offenders).isEmpty();
		}
	}

	static boolean usesSynchronized(Path source) {
		try {
			return SYNCHRONIZED.matcher(Files.readString(source)).find();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
