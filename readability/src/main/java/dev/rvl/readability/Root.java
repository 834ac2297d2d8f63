package dev.rvl.readability;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The source roots the comparison reads, relative to the repository root.
 */
enum Root {

	/** The reactive app's main code. */
	REACTIVE("reactive-app/src/main/java/dev/rvl/reactive"),

	/** The Loom app's main code. */
	LOOM("loom-app/src/main/java/dev/rvl/loom"),

	/** The reactive app's tests. */
	REACTIVE_TEST("reactive-app/src/test/java/dev/rvl/reactive"),

	/** The Loom app's tests. */
	LOOM_TEST("loom-app/src/test/java/dev/rvl/loom"),

	/** Spring glue both apps share. */
	SHARED_WEB("shared-web/src/main/java/dev/rvl/web"),

	/** The black-box contract suite both apps run. */
	CONTRACT("contract-tests/src/main/java/dev/rvl/contract");

	private final String path;

	Root(String path) {
		this.path = path;
	}

	String path() {
		return this.path;
	}

	Path resolve(Path repository) {
		return repository.resolve(this.path);
	}

	/**
	 * The repository root: the first directory upwards holding the readability module.
	 */
	static Path findRepository(Path start) {
		for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
			if (Files.isRegularFile(dir.resolve("readability/pom.xml"))
					&& Files.isRegularFile(dir.resolve("pom.xml"))) {
				return dir;
			}
		}
		throw new IllegalStateException("No repository root (with readability/pom.xml) above " + start);
	}

}
