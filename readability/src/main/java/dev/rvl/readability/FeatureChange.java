package dev.rvl.readability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The same small features made in both styles, as patches (never applied to the main
 * code; a test checks that each still applies to the current sources): what each diff
 * touches. Each change has a directory of its own with a {@code reactive}, a {@code loom}
 * and a {@code shared} patch and a README.
 */
final class FeatureChange {

	/** The patches of a change, in page order: each app's, then what both need. */
	static final List<String> PATCHES = List.of("reactive", "loom", "shared");

	private FeatureChange() {
	}

	static List<Patch> read(Path repository) {
		List<Patch> patches = new ArrayList<>();
		for (Change change : Change.values()) {
			for (String name : PATCHES) {
				String path = change.directory() + "/" + name + ".patch";
				Path file = repository.resolve(path);
				if (!Files.isRegularFile(file)) {
					throw new IllegalStateException("Missing patch " + path);
				}
				try {
					patches.add(Patch.of(change, name, path, Files.readString(file)));
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}
		}
		return patches;
	}

	/**
	 * The feature changes, each in a directory of its own.
	 */
	enum Change {

		/** One more call in the fan-out. */
		THIRD_PARTNER("docs/feature-change", "a third partner call", "parallel"),

		/** A step skipped on a condition, and a step run again after a failure. */
		GOLD_AND_RETRY("docs/feature-change-2", "no fraud check for small GOLD orders, one retry of a failed write",
				"sequential, conditional");

		private final String directory;

		private final String title;

		private final String kind;

		Change(String directory, String title, String kind) {
			this.directory = directory;
			this.title = title;
			this.kind = kind;
		}

		String kind() {
			return this.kind;
		}

		String directory() {
			return this.directory;
		}

		String title() {
			return this.title;
		}

	}

	/**
	 * One patch.
	 *
	 * @param change the change it belongs to
	 * @param name reactive, loom or shared
	 * @param path where it is committed
	 * @param text the unified diff
	 * @param files the files it changes, with their counts
	 */
	record Patch(Change change, String name, String path, String text, List<FileChange> files) {

		static Patch of(Change change, String name, String path, String text) {
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
			return new Patch(change, name, path, text, List.copyOf(files));
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
