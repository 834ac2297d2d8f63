package dev.rvl.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

/**
 * Opens a report (generated from {@link ReportFixture}) in headless Chromium and reads
 * back what the page's own script recorded: no JavaScript error and no empty chart. Needs
 * Chromium ({@code apt-get install -y chromium}; another binary with
 * {@code -Dbench.chromium=/path} or {@code CHROMIUM=/path}). Without one the test is
 * skipped with a loud message, so that {@code ./mvnw verify} needs nothing but a JDK; in
 * CI ({@code CI=true}, which {@code .ci/run} exports) a missing Chromium fails it.
 */
class ReportRenderingTests {

	static final Pattern STATUS = Pattern.compile("<div id=\"render-status\"([^>]*)>([^<]*)</div>");

	@Test
	void drawsEveryChartWithoutAScriptError(@TempDir Path directory) throws Exception {
		MachineSpeed drifting = new MachineSpeed(List.of(new MachineSpeed.Reading("before reactive", 330_000),
				new MachineSpeed.Reading("before loom", 200_000), new MachineSpeed.Reading("end", 210_000)));
		ReportWriter.write(directory, ReportFixture.summary(1.5, new Provenance("0123456789abcdef", false, "JDK 25",
				"6.18", "AMD EPYC", Map.of("reactor-core", "3.8.6"), drifting)));

		String dom = dumpDom(directory.resolve("index.html"), directory.resolve("chromium-profile"));

		Matcher status = STATUS.matcher(dom);
		assertThat(status.find()).as("render status in the DOM").isTrue();
		String attributes = status.group(1);
		assertThat(attributes).as(status.group(2))
			.contains("data-state=\"ok\"")
			.contains("data-errors=\"0\"")
			.contains("data-empty=\"\"");
		assertThat(Integer.parseInt(attribute(attributes, "data-charts"))).isGreaterThanOrEqualTo(15);
		assertThat(dom).contains("id=\"verdict\"").contains("NOT VALID").contains("Settings (fairness table)");
		assertThat(dom).as("per-thread CPU and app findings")
			.contains("id=\"threads-reactive\"", "reactive-worker-1", "id=\"app-findings\"", "chart-cpu-per-order")
			.containsOnlyOnce(">stopped by the CPU quota<")
			.contains(">25 %<");
		assertThat(dom).as("the CPU speed probes in the provenance, their drift among the harness findings")
			.contains("CPU speed on the app's CPUs",
					"210,000 (median; drift 62 %: before reactive 330,000, before loom", "machine-speed");
	}

	@Test
	void drawsTheOverloadOfRepeatedRunsWithHowOftenEachTargetWasMissed(@TempDir Path directory) throws Exception {
		ReportWriter.write(directory, ReportFixture.overloadRepetitions());

		String dom = dumpDom(directory.resolve("index.html"), directory.resolve("chromium-profile"));

		Matcher status = STATUS.matcher(dom);
		assertThat(status.find()).as("render status in the DOM").isTrue();
		assertThat(status.group(1)).as(status.group(2)).contains("data-state=\"ok\"").contains("data-errors=\"0\"");
		assertThat(dom).contains("id=\"overload-verdicts\"", "id=\"overload-repetitions\"",
				"every target met in 1 of 3; missed: 503 p99 at 1 x in 2 of 3, goodput at 4 x in 1 of 3");
		// the fixture's reactive and loom held every step: their spread says so
		assertThat(dom).contains("id=\"spread\"", " % (every run held every step)");
	}

	static String dumpDom(Path page, Path profile) throws IOException, InterruptedException {
		String chromium = chromium();
		Files.createDirectories(profile);
		Process process = new ProcessBuilder(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
				"--disable-background-networking", "--no-first-run", "--disable-component-update", "--disable-sync",
				"--user-data-dir=" + profile, "--virtual-time-budget=10000", "--dump-dom", page.toUri().toString()))
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
		byte[] out = process.getInputStream().readAllBytes();
		if (!process.waitFor(120, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			fail("Chromium did not finish within 120 s");
		}
		return new String(out, StandardCharsets.UTF_8);
	}

	private static String chromium() {
		String configured = System.getProperty("bench.chromium", System.getenv("CHROMIUM"));
		String binary = (configured != null && !configured.isBlank()) ? configured : "/usr/bin/chromium";
		if (!Files.isExecutable(Path.of(binary))) {
			String missing = "Headless Chromium is needed to check the report page: apt-get install -y chromium "
					+ "(or point -Dbench.chromium / CHROMIUM at one); not found at " + binary;
			if ("true".equalsIgnoreCase(System.getenv("CI"))) {
				fail(missing + " (CI=true: required in CI)");
			}
			System.err.println("""

					*** SKIPPED: the report page was NOT checked in a browser ***
					*** %s ***
					""".formatted(missing));
			abort(missing);
		}
		return binary;
	}

	static String attribute(String attributes, String name) {
		Matcher matcher = Pattern.compile(name + "=\"([^\"]*)\"").matcher(attributes);
		return matcher.find() ? matcher.group(1) : "";
	}

}
