package dev.rvl.localdb;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Stopping an app that runs on the local PostgreSQL (Ctrl-C, SIGTERM) stops the server
 * only after the app's context is closed. The app, {@link StoppingApp}, runs as a process
 * of its own with a server of its own (a fresh {@code RVL_POSTGRES_DIR}), so that it is
 * the server's last user and stops it on exit; its context's last step queries the
 * database. Before the app's context held the server, the JVM ran the server's stop
 * beside Spring Boot's context close, and that query found the server gone.
 */
class LocalPostgresShutdownTests {

	@Test
	void stopsTheServerOnlyAfterTheAppsContextIsClosed(@TempDir Path home) throws Exception {
		// the shared server up first, so that the app's own does not take port 5432
		LocalPostgres.ensureRunning();
		String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
		Path log = home.resolve("app.log");
		ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
				StoppingApp.class.getName())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile());
		builder.environment().put("RVL_POSTGRES_DIR", home.toString());
		Process app = builder.start();
		try {
			String url = await("the app started").atMost(Duration.ofMinutes(2))
				.until(() -> lines(log).filter((line) -> line.startsWith(StoppingApp.STARTED)).findFirst(),
						Optional::isPresent)
				.orElseThrow()
				.substring(StoppingApp.STARTED.length());
			int port = URI.create(url.substring("jdbc:".length())).getPort();
			assertThat(LocalPostgres.answers(port)).as("the app's server").isTrue();

			app.destroy(); // SIGTERM, as Ctrl-C under spring-boot:run stops the app
			assertThat(app.waitFor(90, TimeUnit.SECONDS)).as("the app exited").isTrue();

			assertThat(lines(log)).as("the app's output").contains(StoppingApp.QUERIED + 42);
			assertThat(LocalPostgres.answers(port)).as("the server, stopped by its last user").isFalse();
			assertThat(Files.exists(home.resolve("data").resolve("postmaster.pid"))).isFalse();
		}
		finally {
			app.destroyForcibly();
			stopLeftServer(home.resolve("data").resolve("postmaster.pid"));
		}
	}

	private static Stream<String> lines(Path log) throws IOException {
		return Files.readAllLines(log, StandardCharsets.UTF_8).stream();
	}

	/** A server the app left running when this test failed: stopped, not left behind. */
	private static void stopLeftServer(Path pidFile) throws Exception {
		if (Files.exists(pidFile)) {
			long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).strip());
			ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
		}
	}

}
