package dev.rvl.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The figures a resilience run measured, printed as they come and written to
 * {@code target/resilience/<variant>.json} for the benchmark report and the README.
 */
public final class Figures {

	private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private final String variant;

	private final Map<String, Map<String, Object>> scenarios = new LinkedHashMap<>();

	public Figures(String variant) {
		this.variant = variant;
	}

	public void put(String scenario, String figure, Object value) {
		this.scenarios.computeIfAbsent(scenario, (name) -> new LinkedHashMap<>()).put(figure, value);
		System.out.printf("resilience %s %s %s = %s%n", this.variant, scenario, figure, value);
	}

	public void write() {
		Map<String, Object> document = new LinkedHashMap<>();
		document.put("variant", this.variant);
		document.put("scenarios", this.scenarios);
		try {
			Path file = Path.of("target", "resilience", this.variant + ".json");
			Files.createDirectories(file.getParent());
			Files.writeString(file, JSON.writeValueAsString(document));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
