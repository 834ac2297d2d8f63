package dev.rvl.readability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The same small feature made in both styles, as patches under
 * {@code docs/feature-change} (never applied to the main code; a test checks that each
 * still applies to the current sources): what each diff touches.
 */
final class FeatureChange {

	static final String DIRECTORY = "docs/feature-change";

	/** The patches, in page order: each app's, then what both need (stub, domain). */
	static final List<String> PATCHES = List.of("reactive", "loom", "shared");

	private FeatureChange() {
	}

	static List<Patch> read(Path repository) {
		List<Patch> patches = new ArrayList<>();
		for (String name : PATCHES) {
			Path file = repository.resolve(DIRECTORY).resolve(name + ".patch");
			if (!Files.isRegularFile(file)) {
				throw new IllegalStateException("Missing patch " + DIRECTORY + "/" + name + ".patch");
			}
			try {
				patches.add(Patch.of(name, DIRECTORY + "/" + name + ".patch", Files.readString(file)));
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		return patches;
	}

	/**
	 * One patch.
	 *
	 * @param name reactive, loom or shared
	 * @param path where it is committed
	 * @param text the unified diff
	 * @param files the files it changes, with their counts
	 */
	record Patch(String name, String path, String text, List<FileChange> files) {

		static Patch of(String name, String path, String text) {
			List<FileChange> files = new ArrayList<>();
			String file = null;
			int added = 0;
			int removed = 0;
			for (String line : text.split("\n", -1)) {
				if (line.startsWith("diff --git ")) {
					if (file != null) {
						files.add(new FileChange(file, added, removed));
					}
					file = line.substring(line.lastIndexOf(" b/") + 3);
					added = 0;
					removed = 0;
				}
				else if (line.startsWith("+") && !line.startsWith("+++ ")) {
					added++;
				}
				else if (line.startsWith("-") && !line.startsWith("--- ")) {
					removed++;
				}
			}
			if (file != null) {
				files.add(new FileChange(file, added, removed));
			}
			if (files.isEmpty()) {
				throw new IllegalStateException(path + " changes no file");
			}
			return new Patch(name, path, text, List.copyOf(files));
		}

		int added() {
			return this.files.stream().mapToInt(FileChange::added).sum();
		}

		int removed() {
			return this.files.stream().mapToInt(FileChange::removed).sum();
		}

		/**
		 * Lines touched: added plus removed (a changed line counts twice, as git counts
		 * it).
		 */
		int touched() {
			return added() + removed();
		}

	}

	/**
	 * What a patch does to one file.
	 *
	 * @param path the file
	 * @param added lines added
	 * @param removed lines removed
	 */
	record FileChange(String path, int added, int removed) {
	}

}
