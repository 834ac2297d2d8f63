package dev.rvl.localdb;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

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
		// the shared server up first, so that the app's own does not take port 5432 from
		// it
		LocalPostgres.ensureRunning();
		String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
		ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
				StoppingApp.class.getName())
			.redirectErrorStream(true);
		builder.environment().put("RVL_POSTGRES_DIR", home.toString());
		Process app = builder.start();
		List<String> output = Collections.synchronizedList(new ArrayList<>());
		CompletableFuture<String> started = new CompletableFuture<>();
		Thread reader = Thread.ofPlatform().daemon().start(() -> {
			try (BufferedReader lines = new BufferedReader(
					new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
				for (String line = lines.readLine(); line != null; line = lines.readLine()) {
					output.add(line);
					if (line.startsWith(StoppingApp.STARTED)) {
						started.complete(line.substring(StoppingApp.STARTED.length()));
					}
				}
			}
			catch (Exception ex) {
				started.completeExceptionally(ex);
			}
			started.completeExceptionally(new IllegalStateException("the app ended before it started"));
		});
		try {
			String url = started.get(120, TimeUnit.SECONDS);
			int port = URI.create(url.substring("jdbc:".length())).getPort();
			assertThat(LocalPostgres.answers(port)).as("the app's server").isTrue();

			// SIGTERM, as Ctrl-C under spring-boot:run stops the app (Process.destroy
			// would
			// also close the app's output before its last lines are read)
			app.toHandle().destroy();
			assertThat(app.waitFor(90, TimeUnit.SECONDS)).as("the app exited").isTrue();
			reader.join(10_000);

			assertThat(output).as("the app's output").contains(StoppingApp.QUERIED + 42);
			assertThat(LocalPostgres.answers(port)).as("the server, stopped by its last user").isFalse();
			assertThat(Files.exists(home.resolve("data").resolve("postmaster.pid"))).isFalse();
		}
		finally {
			app.destroyForcibly();
			stopLeftServer(home.resolve("data").resolve("postmaster.pid"));
		}
	}

	/** A server the app left running when this test failed: stopped, not left behind. */
	private static void stopLeftServer(Path pidFile) throws Exception {
		if (Files.exists(pidFile)) {
			long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).strip());
			ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
		}
	}

}
