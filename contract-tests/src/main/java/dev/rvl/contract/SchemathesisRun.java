package dev.rvl.contract;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.rvl.localdb.LocalPostgres;

/**
 * Runs Schemathesis against each packaged app in turn (reactive, loom, loom in the
 * {@code platform} profile), each with a fresh database on the local PostgreSQL and the
 * suite's partner stub, all on 127.0.0.1, and stops everything it started when done or
 * killed. Started by {@code contract-tests/schemathesis/run.sh}; exits 0 only when
 * Schemathesis found nothing in any app.
 */
public final class SchemathesisRun {

	private SchemathesisRun() {
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = options(args);
		Path schemathesis = Path.of(options.get("--schemathesis"));
		Path reports = Path.of(options.get("--reports"));
		int seconds = Integer.parseInt(options.get("--seconds"));
		Files.createDirectories(reports);
		LocalPostgres.ensureRunning();
		PartnerStub stub = PartnerStub.shared();
		List<Variant> variants = List.of(
				new Variant("reactive", Path.of(options.get("--reactive-jar")), true, List.of()),
				new Variant("loom", Path.of(options.get("--loom-jar")), false, List.of()), new Variant("platform",
						Path.of(options.get("--loom-jar")), false, List.of("--spring.profiles.active=platform")));
		Map<String, Integer> exitCodes = new LinkedHashMap<>();
		for (Variant variant : variants) {
			TestDatabase database = TestDatabase.fresh("schemathesis_" + variant.name());
			try (AppProcess app = AppProcess.start(variant.jar(), List.of("-Xms256m", "-Xmx256m", "-XX:+UseG1GC"),
					variant.environment(database, stub), variant.arguments(),
					reports.resolve(variant.name() + "-app.log"))) {
				exitCodes.put(variant.name(),
						schemathesis(schemathesis, options, app, seconds, reports.resolve(variant.name())));
			}
		}
		exitCodes.forEach((variant, code) -> System.out.println(
				"schemathesis: " + variant + " " + ((code == 0) ? "found nothing" : "FAILED (exit " + code + ")")));
		System.exit(exitCodes.values().stream().allMatch((code) -> code == 0) ? 0 : 1);
	}

	private static int schemathesis(Path schemathesis, Map<String, String> options, AppProcess app, int seconds,
			Path reports) throws IOException, InterruptedException {
		Files.createDirectories(reports);
		String base = app.baseUrl().toString();
		warmUp(app);
		List<String> command = new ArrayList<>(List.of(schemathesis.toString(), "--config-file",
				options.get("--config"), "run", base + "/openapi.yaml", "--url", base, "--checks", "all", "--max-time",
				Integer.toString(seconds), "--no-color", "--report", "junit", "--report-dir", reports.toString()));
		System.out.println("schemathesis: " + String.join(" ", command));
		// in target/, where its cache (.schemathesis/) lands too
		ProcessBuilder builder = new ProcessBuilder(command).inheritIO().directory(reports.toFile());
		builder.environment().put("PYTHONPATH", options.get("--hooks"));
		Process process = builder.start();
		Thread stop = new Thread(process::destroyForcibly);
		Runtime.getRuntime().addShutdownHook(stop);
		try {
			if (!process.waitFor(seconds + 300L, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				System.out.println("schemathesis: did not finish within its time budget plus 300 s");
				return 124;
			}
			return process.exitValue();
		}
		finally {
			Runtime.getRuntime().removeShutdownHook(stop);
		}
	}

	/**
	 * One order before the fuzzer starts, its answer whatever it is: the fuzzer checks
	 * the contract of an app that has served a request, as the benchmark's warm-up does.
	 * On a slow machine the reactive app's first order after a start once waited longer
	 * than the 200 ms queue budget and was refused 503 on an idle app: r2dbc-pool opened
	 * its connections at the first acquire. Both apps now fill their pools before they
	 * report ready (README, "Findings worth knowing"); a cold JVM's first order still
	 * loads and compiles its whole path, which on a busy machine can take as long.
	 */
	private static void warmUp(AppProcess app) throws InterruptedException {
		try (HttpClient client = HttpClient.newHttpClient()) {
			HttpRequest order = HttpRequest.newBuilder(app.baseUrl().resolve("/api/orders"))
				.header("Content-Type", "application/json")
				.timeout(Duration.ofSeconds(10))
				.POST(HttpRequest.BodyPublishers
					.ofString("{\"customerId\": 42, \"lines\": [{\"sku\": \"SKU-00017\", \"quantity\": 1}]}"))
				.build();
			int status = client.send(order, HttpResponse.BodyHandlers.discarding()).statusCode();
			System.out.println("schemathesis: warm-up order answered " + status);
		}
		catch (IOException ex) {
			System.out.println("schemathesis: warm-up order failed: " + ex.getMessage());
		}
	}

	private static Map<String, String> options(String[] args) {
		Map<String, String> options = new LinkedHashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			options.put(args[i], args[i + 1]);
		}
		for (String required : List.of("--schemathesis", "--config", "--hooks", "--seconds", "--reports",
				"--reactive-jar", "--loom-jar")) {
			if (!options.containsKey(required)) {
				throw new IllegalArgumentException("missing " + required);
			}
		}
		return options;
	}

	/**
	 * One app to fuzz: its jar, how it connects, its program arguments.
	 */
	private record Variant(String name, Path jar, boolean r2dbc, List<String> arguments) {

		Map<String, String> environment(TestDatabase database, PartnerStub stub) {
			Map<String, String> environment = new LinkedHashMap<>(database.database().appEnvironment(this.r2dbc));
			environment.put("PARTNER_BASE_URL", stub.baseUrl().toString());
			return environment;
		}

	}

}
