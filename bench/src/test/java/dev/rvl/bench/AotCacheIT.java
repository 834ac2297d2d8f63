package dev.rvl.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.rvl.localdb.LocalPostgres;
import dev.rvl.testsupport.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --aot-cache} for real, as the runner does it before a variant's run: the Loom
 * app's packaged jar extracted, a training run (real PostgreSQL, the real stub, the
 * warm-up's orders for a few seconds) that writes the cache as it exits, then the app
 * started from the cache with {@code -XX:AOTMode=on} - which fails the start when the JVM
 * cannot use the cache - and asked for an order. The class-loading log shows the app's
 * own classes came from the cache ("shared objects file"), not from its jar. No timings
 * are asserted.
 */
class AotCacheIT {

	/** Its own database on the local PostgreSQL, never the runner's {@code bench}. */
	private static final String DATABASE = "bench_aot_it";

	@Test
	void trainsACacheAndStartsTheAppFromIt(@TempDir Path work) throws Exception {
		Project project = Project.at(Path.of("").toAbsolutePath().getParent());
		LocalPostgres.Server server = LocalPostgres.ensureRunning();
		LocalPostgres.createDatabase(DATABASE);
		BenchDatabase database = new BenchDatabase(server.jdbcUrl(DATABASE).replace("//localhost:", "//127.0.0.1:"),
				LocalPostgres.USER, LocalPostgres.PASSWORD, true);
		database.migrate();
		database.resetToSeed();
		AppSettings settings = BenchOptions
			.parse(List.of("--isolation", "none", "--app-nice", "0", "--jvm-opts", "-Xms256m -Xmx256m -XX:+UseG1GC"))
			.app();
		StubProcess stub = StubProcess.launch(project, Duration.ofMillis(10), List.of(), work.resolve("stub.log"));
		try {
			stub.awaitReady();
			Path bootJar = project.appJar(Variant.LOOM.module());
			Path jar = AotCache.extract(project.java(), bootJar, work.resolve("extract.log"));
			assertThat(jar.getFileName()).isEqualTo(bootJar.getFileName());
			assertThat(jar.resolveSibling("lib")).isDirectoryContaining("glob:**/HikariCP-*.jar");
			Path cache = work.resolve("loom.aot");

			AotCache.Trained trained = AotCache.train(jar, cache,
					() -> AppProcess.start(project.java(), jar, Variant.LOOM, settings, CpuIsolation.none(List.of()),
							List.of(AotCache.outputFlag(cache)), database, stub.baseUrl(), work.resolve("training.log"),
							"127.0.0.1"),
					Duration.ofMillis(20), 5, 20, Duration.ofSeconds(10));

			assertThat(trained.cache()).isRegularFile();
			assertThat(Files.size(trained.cache())).as("cache size").isGreaterThan(1 << 20);
			assertThat(trained.load().ok()).as("orders placed in the training run").isPositive();
			assertThat(trained.describe()).startsWith("AOT cache trained: ");

			Path classLog = work.resolve("classes.log");
			List<String> flags = new ArrayList<>(trained.flags());
			flags.add("-Xlog:class+load=info:file=" + classLog);
			AppProcess app = AppProcess.start(project.java(), jar, Variant.LOOM, settings, CpuIsolation.none(List.of()),
					flags, database, stub.baseUrl(), work.resolve("app.log"), "127.0.0.1");
			try {
				HttpResponse<String> placed = HttpClient.newHttpClient()
					.send(HttpRequest.newBuilder(app.baseUrl().resolve(URI.create("/api/orders")))
						.header("Content-Type", "application/json")
						.POST(HttpRequest.BodyPublishers
							.ofString("{\"customerId\":42,\"lines\":[{\"sku\":\"SKU-00007\",\"quantity\":1}]}"))
						.build(), HttpResponse.BodyHandlers.ofString());
				assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
			}
			finally {
				ChildProcess.Stopped stopped = app.process().stop(Duration.ofSeconds(30));
				assertThat(stopped.graceful()).isTrue();
			}
			assertThat(Files.readAllLines(classLog))
				.anyMatch((line) -> line.contains("dev.rvl.loom.order.OrderService source: shared objects file"));
		}
		finally {
			stub.stop(Duration.ofSeconds(5));
		}
	}

}
