package dev.rvl.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;

/**
 * What the report shows beside the benchmark itself: the resilience figures of the last
 * {@code ./mvnw verify} (written by each app's {@code ResilienceIT} to
 * {@code <app>/target/resilience/<variant>.json}) side by side, and a link to the
 * readability comparison ({@code docs/readability.html}).
 */
final class ReportExtras {

	/** Where the resilience figures of each variant are written by the build. */
	static final Map<String, String> RESILIENCE_FILES = Map.of("reactive",
			"reactive-app/target/resilience/reactive.json", "loom", "loom-app/target/resilience/loom.json");

	private static final List<String> ORDER = List.of("reactive", "loom");

	private ReportExtras() {
	}

	/**
	 * The resilience figures found under {@code root}: one row per scenario and figure,
	 * one column per variant that has a file.
	 */
	static Resilience resilience(Path root) {
		Map<String, JsonNode> documents = new LinkedHashMap<>();
		for (String variant : ORDER) {
			Path file = root.resolve(RESILIENCE_FILES.get(variant));
			if (Files.isRegularFile(file)) {
				try {
					documents.put(variant, ReportWriter.JSON.readTree(Files.readString(file)));
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}
		}
		Map<String, List<String>> rows = new LinkedHashMap<>();
		documents.forEach((variant, document) -> document.get("scenarios").properties().forEach((scenario) -> {
			scenario.getValue().properties().forEach((figure) -> {
				List<String> values = rows.computeIfAbsent(scenario.getKey() + "\u0000" + figure.getKey(),
						(key) -> new ArrayList<>(Collections.nCopies(documents.size(), "")));
				values.set(new ArrayList<>(documents.keySet()).indexOf(variant), text(figure.getValue()));
			});
		}));
		List<Row> table = new ArrayList<>();
		rows.forEach((key, values) -> {
			String[] parts = key.split("\u0000", 2);
			table.add(new Row(parts[0], parts[1], values));
		});
		return new Resilience(List.copyOf(documents.keySet()), table);
	}

	private static String text(JsonNode value) {
		return value.isString() ? value.asString() : value.toString();
	}

	static String html(Path root, Path results) {
		StringBuilder html = new StringBuilder("<section id=\"extras\">");
		Path page = root.resolve("docs/readability.html");
		html.append("<h2>Readability</h2><p>The same use cases side by side, measured from the sources: <a href=\"")
			.append(ReportWriter.escape(results.toAbsolutePath().relativize(page.toAbsolutePath()).toString()))
			.append("\">docs/readability.html</a>.</p>");
		Resilience resilience = resilience(root);
		html.append("<h2>Resilience</h2>");
		if (resilience.variants().isEmpty()) {
			html.append(
					"<p>No figures: run <code>./mvnw verify</code> (the apps' <code>ResilienceIT</code>) first.</p>");
		}
		else {
			html.append("<p>From the last <code>./mvnw verify</code>: each app's jar with a 256 MiB heap and a ")
				.append("PostgreSQL of its own, under partner faults, ten times its knee, a 10 s database outage ")
				.append("and SIGTERM (<code>ResilienceContract</code>).</p><table><tr><th class=\"l\">scenario</th>")
				.append("<th class=\"l\">figure</th>");
			resilience.variants().forEach((variant) -> html.append("<th class=\"l\">").append(variant).append("</th>"));
			html.append("</tr>");
			for (Row row : resilience.rows()) {
				html.append("<tr><td class=\"l\">")
					.append(ReportWriter.escape(row.scenario()))
					.append("</td><td class=\"l\">")
					.append(ReportWriter.escape(row.figure()))
					.append("</td>");
				row.values()
					.forEach((value) -> html.append("<td class=\"l\">")
						.append(ReportWriter.escape(value))
						.append("</td>"));
				html.append("</tr>");
			}
			html.append("</table>");
		}
		return html.append("</section>").toString();
	}

	static String markdown(Path root) {
		StringBuilder md = new StringBuilder(
				"\n## Readability\n\nThe same use cases side by side, measured from the sources: ")
			.append("`docs/readability.html`.\n\n## Resilience\n\n");
		Resilience resilience = resilience(root);
		if (resilience.variants().isEmpty()) {
			return md.append("No figures: run `./mvnw verify` (the apps' `ResilienceIT`) first.\n").toString();
		}
		md.append("From the last `./mvnw verify` (`ResilienceContract`).\n\n| scenario | figure | ")
			.append(String.join(" | ", resilience.variants()))
			.append(" |\n|---|---|")
			.append("---|".repeat(resilience.variants().size()))
			.append('\n');
		for (Row row : resilience.rows()) {
			md.append("| ")
				.append(row.scenario())
				.append(" | ")
				.append(row.figure())
				.append(" | ")
				.append(String.join(" | ", row.values()))
				.append(" |\n");
		}
		return md.toString();
	}

	/**
	 * The resilience figures.
	 *
	 * @param variants the variants with figures, in report order
	 * @param rows one per scenario and figure
	 */
	record Resilience(List<String> variants, List<Row> rows) {
	}

	/**
	 * One figure of one scenario.
	 *
	 * @param scenario the scenario
	 * @param figure the figure
	 * @param values one per variant ({@code ""} where a variant has none)
	 */
	record Row(String scenario, String figure, List<String> values) {
	}

}
