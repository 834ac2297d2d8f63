package dev.rvl.readability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Generates the readability comparison: {@code docs/readability.html},
 * {@code docs/readability-findings.md} and the README's readability section (between
 * {@link FindingsWriter#BEGIN} and {@link FindingsWriter#END}), from the current sources
 * and the committed stack traces and patches. Run by {@code ./readability/regenerate.sh};
 * the tests of this module regenerate all three in memory and fail when the committed
 * files differ.
 */
public final class ReadabilityReport {

	static final String PAGE = "docs/readability.html";

	static final String FINDINGS = "docs/readability-findings.md";

	static final String README = "README.md";

	/** The command that regenerates every output, as the staleness checks name it. */
	static final String COMMAND = "./readability/regenerate.sh";

	private ReadabilityReport() {
	}

	/** The files to write, by path relative to the repository, in a fixed order. */
	static Map<String, String> generate(Path repository) {
		Comparison comparison = Comparison.of(repository);
		Map<String, String> outputs = new LinkedHashMap<>();
		outputs.put(PAGE, PageWriter.write(comparison));
		String findings = FindingsWriter.write(comparison);
		outputs.put(FINDINGS, findings);
		outputs.put(README, withFindings(read(repository.resolve(README)), findings));
		return outputs;
	}

	/** The README with its readability section replaced by the findings. */
	static String withFindings(String readme, String findings) {
		int begin = readme.indexOf(FindingsWriter.BEGIN);
		int end = readme.indexOf(FindingsWriter.END, Math.max(begin, 0));
		if (begin < 0 || end < 0) {
			throw new IllegalStateException("README.md has no readability section: put " + FindingsWriter.BEGIN
					+ " and " + FindingsWriter.END + " on lines of their own where it belongs, then run " + COMMAND);
		}
		int after = end + FindingsWriter.END.length();
		if (after < readme.length() && readme.charAt(after) == '\n') {
			after++;
		}
		return readme.substring(0, begin) + findings + readme.substring(after);
	}

	private static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
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
