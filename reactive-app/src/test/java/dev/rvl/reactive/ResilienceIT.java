package dev.rvl.reactive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.rvl.contract.AppProcess;
import dev.rvl.contract.ResilienceContract;
import org.junit.jupiter.api.AfterAll;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The resilience scenarios against the reactive app's jar, configured only by
 * environment, with BlockHound in the app's JVM too ({@link BlockHoundAgent}): a blocking
 * call on an event loop under faults, overload or an outage fails this test.
 */
class ResilienceIT extends ResilienceContract {

	private final long started = System.currentTimeMillis();

	@Override
	protected String variant() {
		return "reactive";
	}

	@Override
	protected Path jar() {
		return AppProcess.packagedJar("reactive-app");
	}

	@Override
	protected boolean r2dbc() {
		return true;
	}

	@Override
	protected Map<String, String> environment() {
		// The environment is the only thing this class gives the app's process; the JVM
		// reads JAVA_TOOL_OPTIONS from it.
		return Map.of("JAVA_TOOL_OPTIONS", blockHoundAgent());
	}

	private static String blockHoundAgent() {
		try {
			return BlockHoundAgent.jvmFlags(Path.of("target", "blockhound-agent"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Runs before the contract's own {@code @AfterAll} stops the app. */
	@AfterAll
	void blockHoundWatchedEveryScenarioAndSawNothing() throws IOException {
		List<Path> logs;
		try (Stream<Path> files = Files.list(Path.of("target", "resilience"))) {
			logs = files.filter((file) -> file.getFileName().toString().matches("reactive-\\d+\\.log"))
				.filter((file) -> file.toFile().lastModified() >= this.started)
				.toList();
		}
		assertThat(logs).isNotEmpty();
		for (Path log : logs) {
			String output = Files.readString(log);
			assertThat(output).as(log.toString())
				.contains(BlockHoundAgent.INSTALLED)
				.doesNotContain(BlockHoundAgent.BLOCKING);
		}
	}

}
