package dev.rvl.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

import tools.jackson.databind.JsonNode;

/**
 * Each variant's knee from a report's {@code summary.json}: the median over the
 * repetitions where there were several (over those that had a knee: a run that held no
 * step has none), else the searched knee, else the stairs' knee.
 */
final class KneeFile {

	private KneeFile() {
	}

	static Map<Variant, Double> read(Path summary) {
		if (!Files.isRegularFile(summary)) {
			throw new IllegalArgumentException("--knee-from: no file " + summary);
		}
		JsonNode root = ReportWriter.JSON.readTree(summary.toFile());
		Map<Variant, Double> knees = new EnumMap<>(Variant.class);
		for (JsonNode spread : root.path("spreads")) {
			JsonNode median = spread.path("knee").path("median");
			if (median.isNumber()) {
				knees.put(Variant.of(spread.path("variant").asText()), median.asDouble());
			}
		}
		for (JsonNode variant : root.path("variants")) {
			Variant id = Variant.of(variant.path("id").asText());
			JsonNode knee = variant.path("knee");
			JsonNode value = knee.path("searchedOffered").isNumber() ? knee.path("searchedOffered")
					: knee.path("heldOffered");
			if (!knees.containsKey(id) && value.isNumber()) {
				knees.put(id, value.asDouble());
			}
		}
		if (knees.isEmpty()) {
			throw new IllegalArgumentException("--knee-from: no knee in " + summary);
		}
		return knees;
	}

}
