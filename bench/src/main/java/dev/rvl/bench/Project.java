package dev.rvl.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where the built artifacts of the project are: the apps' and the stub's executable jars,
 * and the Gatling module's classes and test classpath (written by its build).
 *
 * @param root the project's root directory
 */
record Project(Path root) {

	static Project at(Path root) {
		Path absolute = root.toAbsolutePath().normalize();
		if (!Files.isRegularFile(absolute.resolve("pom.xml")) || !Files.isDirectory(absolute.resolve("gatling"))) {
			throw new IllegalArgumentException(absolute + " is not the reactive-vs-loom project root (use --root)");
		}
		return new Project(absolute);
	}

	/** {@code <module>/target/<module>-<version>.jar} (Spring Boot's repackaged jar). */
	Path appJar(String module) {
		return jar(module, "");
	}

	Path stubJar() {
		return jar("partner-stub", "-exec");
	}

	/** The Gatling module's compiled simulations and its test classpath. */
	String gatlingClasspath() {
		Path module = this.root.resolve("gatling/target");
		Path classpathFile = module.resolve("gatling-classpath.txt");
		if (!Files.isRegularFile(classpathFile) || !Files.isDirectory(module.resolve("test-classes"))) {
			throw new IllegalStateException("The Gatling module is not built (" + classpathFile
					+ " missing): run ./mvnw install -DskipTests, or bench/compare.sh without --no-build");
		}
		try {
			return module.resolve("test-classes") + java.io.File.pathSeparator
					+ Files.readString(classpathFile).strip();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	String java() {
		return jdkTool("java");
	}

	/** A tool of the JDK the runner runs on ({@code java}, {@code jcmd}). */
	String jdkTool(String name) {
		return Path.of(System.getProperty("java.home"), "bin", name).toString();
	}

	private Path jar(String module, String classifier) {
		Path target = this.root.resolve(module).resolve("target");
		try (Stream<Path> files = Files.list(target)) {
			Pattern name = Pattern
				.compile(Pattern.quote(module) + "-\\d[\\w.]*(-SNAPSHOT)?" + Pattern.quote(classifier) + "\\.jar");
			List<Path> jars = files.filter((file) -> name.matcher(file.getFileName().toString()).matches())
				.sorted()
				.toList();
			if (jars.isEmpty()) {
				throw new IllegalStateException("No " + module + " jar in " + target + ": build the project first");
			}
			return jars.get(jars.size() - 1);
		}
		catch (IOException ex) {
			throw new IllegalStateException("No " + module + " jar in " + target + ": build the project first", ex);
		}
	}

}
