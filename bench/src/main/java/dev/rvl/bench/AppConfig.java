package dev.rvl.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * An app's own configuration as packaged in its jar ({@code application.yml} and, for a
 * profile, {@code application-<profile>.yml} and profile-activated documents), flattened
 * to dotted keys for the settings table. Logging, management and naming keys are left
 * out.
 */
final class AppConfig {

	private static final List<String> IGNORED = List.of("logging.", "management.", "spring.application.",
			"spring.main.");

	private AppConfig() {
	}

	static Map<String, String> read(Path jar, String profile) {
		Map<String, String> settings = new TreeMap<>();
		try (ZipFile zip = new ZipFile(jar.toFile())) {
			read(zip, "BOOT-INF/classes/application.yml", profile, settings);
			if (profile != null) {
				read(zip, "BOOT-INF/classes/application-" + profile + ".yml", profile, settings);
			}
		}
		catch (IOException ex) {
			settings.put("(error)", "could not read " + jar + ": " + ex.getMessage());
		}
		return settings;
	}

	/**
	 * Flattens YAML documents, applying those activated for another profile only if
	 * active.
	 */
	static Map<String, String> flatten(InputStream yaml, String profile) {
		Map<String, String> settings = new TreeMap<>();
		for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(yaml)) {
			if (!(document instanceof Map<?, ?> map)) {
				continue;
			}
			Map<String, String> flat = new TreeMap<>();
			flatten("", map, flat);
			String activation = flat.remove("spring.config.activate.on-profile");
			if (activation == null || activation.equals(profile)) {
				settings.putAll(flat);
			}
		}
		settings.keySet().removeIf((key) -> IGNORED.stream().anyMatch(key::startsWith));
		return settings;
	}

	private static void read(ZipFile zip, String name, String profile, Map<String, String> settings)
			throws IOException {
		ZipEntry entry = zip.getEntry(name);
		if (entry != null) {
			try (InputStream in = zip.getInputStream(entry)) {
				settings.putAll(flatten(in, profile));
			}
		}
	}

	private static void flatten(String prefix, Object value, Map<String, String> into) {
		if (value instanceof Map<?, ?> map) {
			map.forEach(
					(key, child) -> flatten(prefix.isEmpty() ? String.valueOf(key) : prefix + "." + key, child, into));
		}
		else if (value instanceof List<?> list) {
			List<String> items = new ArrayList<>();
			list.forEach((item) -> items.add(String.valueOf(item)));
			into.put(prefix, String.join(", ", items));
		}
		else {
			into.put(prefix, String.valueOf(value));
		}
	}

}
