package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ReportExtrasTests {

	@TempDir
	Path root;

	@Test
	void putsTheResilienceFiguresOfBothAppsSideBySide() throws IOException {
		write("reactive-app/target/resilience/reactive.json",
				"""
						{"variant": "reactive", "scenarios": {"overload": {"503 p50 ms": 9, "statuses": {"201": 906, "503": 14094}},
						 "database-outage": {"max latency while down ms": 128}}}""");
		write("loom-app/target/resilience/loom.json", """
				{"variant": "loom", "scenarios": {"overload": {"503 p50 ms": 27},
				 "database-outage": {"max latency while down ms": 2072}, "graceful-shutdown": {"exit code": 143}}}""");

		ReportExtras.Resilience resilience = ReportExtras.resilience(this.root);

		assertThat(resilience.variants()).containsExactly("reactive", "loom");
		assertThat(resilience.rows()).containsExactly(
				new ReportExtras.Row("overload", "503 p50 ms", List.of("9", "27")),
				new ReportExtras.Row("overload", "statuses", List.of("{\"201\":906,\"503\":14094}", "")),
				new ReportExtras.Row("database-outage", "max latency while down ms", List.of("128", "2072")),
				new ReportExtras.Row("graceful-shutdown", "exit code", List.of("", "143")));
		assertThat(ReportExtras.markdown(this.root)).contains("| overload | 503 p50 ms | 9 | 27 |");
		assertThat(ReportExtras.html(this.root, this.root.resolve("bench/results/x")))
			.contains("href=\"../../../docs/readability.html\"")
			.contains("<td class=\"l\">2072</td>");
	}

	@Test
	void saysWhereFiguresComeFromWhenThereAreNone() {
		assertThat(ReportExtras.resilience(this.root).variants()).isEmpty();
		assertThat(ReportExtras.markdown(this.root)).contains("run `./mvnw verify`");
	}

	private void write(String path, String json) throws IOException {
		Path file = this.root.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, json);
	}

}
