package dev.rvl.readability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Generates the readability comparison: {@code docs/readability.html} and
 * {@code docs/readability-findings.md}, from the current sources and the committed stack
 * traces and patches. Run with {@code ./readability/generate.sh}; the tests of this
 * module regenerate both in memory and fail when the committed files differ.
 */
public final class ReadabilityReport {

	static final String PAGE = "docs/readability.html";

	static final String FINDINGS = "docs/readability-findings.md";

	/** The command that regenerates the outputs, as the staleness checks name it. */
	static final String COMMAND = "./readability/generate.sh";

	private ReadabilityReport() {
	}

	/** The files to write, by path relative to the repository, in a fixed order. */
	static Map<String, String> generate(Path repository) {
		Comparison comparison = Comparison.of(repository);
		Map<String, String> outputs = new LinkedHashMap<>();
		outputs.put(PAGE, PageWriter.write(comparison));
		outputs.put(FINDINGS, FindingsWriter.write(comparison));
		return outputs;
	}

	public static void main(String[] args) throws IOException {
		Path repository = Root.findRepository(Path.of((args.length > 0) ? args[0] : "."));
		for (Map.Entry<String, String> output : generate(repository).entrySet()) {
			Path file = repository.resolve(output.getKey());
			Files.createDirectories(file.getParent());
			Files.writeString(file, output.getValue(), StandardCharsets.UTF_8);
			System.out.println("wrote " + output.getKey());
		}
	}

}
