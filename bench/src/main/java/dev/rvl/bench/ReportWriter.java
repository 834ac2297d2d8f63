package dev.rvl.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the report: {@code index.html} (one self-contained page: the summary as JSON,
 * Chart.js and the page's script inlined, so it works offline), {@code summary.json} and
 * {@code summary.md}, all from the same {@link Summary}.
 */
final class ReportWriter {

	static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private ReportWriter() {
	}

	static void write(Path directory, Summary summary) throws IOException {
		write(directory, summary, null);
	}

	/**
	 * Writes the report; with the project {@code root}, also the resilience figures of
	 * the last build and the link to the readability page ({@link ReportExtras}).
	 */
	static void write(Path directory, Summary summary, Path root) throws IOException {
		Files.createDirectories(directory);
		String json = JSON.writeValueAsString(summary);
		String extrasHtml = (root != null) ? ReportExtras.html(root, directory) : "";
		String extrasMarkdown = (root != null) ? ReportExtras.markdown(root) : "";
		Files.writeString(directory.resolve("summary.json"), json, StandardCharsets.UTF_8);
		Files.writeString(directory.resolve("summary.md"), MarkdownReport.render(summary) + extrasMarkdown,
				StandardCharsets.UTF_8);
		Files.writeString(directory.resolve("index.html"), html(summary, json, extrasHtml), StandardCharsets.UTF_8);
		if (root != null) {
			Files.writeString(directory.resolve("resilience.json"),
					JSON.writeValueAsString(ReportExtras.resilience(root)), StandardCharsets.UTF_8);
		}
	}

	static String html(Summary summary, String json) {
		return html(summary, json, "");
	}

	static String html(Summary summary, String json, String extras) {
		WorkloadSummary workload = summary.workload();
		String meta = String.format(Locale.ROOT,
				"%s · preset %s%s · %s model · partner latency %d ms · SLO p99 %d ms · %s · %d cores · %d s wall time",
				summary.generatedAt(), workload.preset(), workload.quick() ? " (quick)" : "", workload.model(),
				workload.partnerLatencyMs(), workload.sloP99Ms(), workload.plan(), workload.cores(),
				summary.wallSeconds());
		return template("report.html").replace("{{TITLE}}", escape(summary.title()))
			.replace("{{META}}", escape(meta))
			.replace("{{VERDICT}}", verdict(summary))
			.replace("{{EXTRAS}}", extras)
			.replace("{{SUMMARY}}", json.replace("<", "\\u003c"))
			.replace("{{CHARTJS}}", scriptSafe(chartJs()))
			.replace("{{REPORTJS}}", scriptSafe(template("report.js")));
	}

	private static String verdict(Summary summary) {
		StringBuilder html = new StringBuilder();
		String kind = switch (summary.verdict()) {
			case Summary.VALID -> "valid";
			case Summary.NOT_VALID -> "invalid";
			default -> "failed";
		};
		html.append("<div id=\"verdict\" class=\"verdict ")
			.append(kind)
			.append("\" data-verdict=\"")
			.append(summary.verdict())
			.append("\"><strong>")
			.append(summary.verdict())
			.append("</strong> ");
		html.append(switch (summary.verdict()) {
			case Summary.VALID -> escape("The harness check passed: " + summary.workload().checked() + ".");
			case Summary.NOT_VALID -> "The harness, not the app, was the bottleneck: these numbers are not a result.";
			default -> "At least one variant could not be measured.";
		});
		if (!summary.invalidReasons().isEmpty()) {
			html.append("<ul>");
			summary.invalidReasons().forEach((reason) -> html.append("<li>").append(escape(reason)).append("</li>"));
			html.append("</ul>");
		}
		return html.append("</div>").toString();
	}

	/** Chart.js's UMD bundle from the webjar on the classpath. */
	static String chartJs() {
		Properties properties = new Properties();
		try (InputStream in = resource("META-INF/maven/org.webjars.npm/chart.js/pom.properties")) {
			properties.load(in);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		String path = "META-INF/resources/webjars/chart.js/" + properties.getProperty("version")
				+ "/dist/chart.umd.min.js";
		try (InputStream in = resource(path)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String template(String name) {
		try (InputStream in = resource("dev/rvl/bench/" + name)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static InputStream resource(String path) {
		InputStream in = ReportWriter.class.getClassLoader().getResourceAsStream(path);
		if (in == null) {
			throw new IllegalStateException(path + " is not on the classpath");
		}
		return in;
	}

	private static String scriptSafe(String script) {
		return script.replace("</script", "<\\/script");
	}

	static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}

}
