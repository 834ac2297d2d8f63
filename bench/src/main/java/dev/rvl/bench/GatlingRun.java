package dev.rvl.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import dev.rvl.testsupport.ChildProcess;

/**
 * Gatling in a child JVM of its own ({@code io.gatling.app.Gatling} on the Gatling
 * module's test classpath, no Maven per variant), so its CPU and memory are measured
 * apart from the app's. Always aimed at 127.0.0.1 (or at a host named with
 * {@code --target}), always bounded in time (the simulation's own max duration, and the
 * runner's deadline).
 */
final class GatlingRun {

	/** gatling-maven-plugin's defaults (GatlingConstants) with a fixed 1 GiB heap. */
	static final List<String> JVM_OPTIONS = jvmOptions(Runtime.version().feature());

	private GatlingRun() {
	}

	/**
	 * @param target the app, on 127.0.0.1
	 * @param properties the simulation's system properties
	 * @param directory where the time series and Gatling's report go
	 */
	static ChildProcess start(Project project, List<String> launcher, Simulation simulation, URI target,
			Map<String, String> properties, Path directory, String description) {
		return start(project, launcher, simulation, target, properties, directory, description,
				java.util.Set.of("127.0.0.1"));
	}

	/**
	 * @param allowedHosts the hosts load may go to: 127.0.0.1 for the apps the runner
	 * starts, the hosts named with {@code --target} for remote apps
	 */
	static ChildProcess start(Project project, List<String> launcher, Simulation simulation, URI target,
			Map<String, String> properties, Path directory, String description, java.util.Set<String> allowedHosts) {
		if (!allowedHosts.contains(target.getHost())) {
			throw new IllegalArgumentException(
					"Load tests only ever target " + String.join(", ", allowedHosts) + ", not " + target);
		}
		List<String> command = new ArrayList<>(launcher);
		command.add(project.java());
		command.addAll(JVM_OPTIONS);
		command.add("-DbaseUrl=" + target);
		command.add("-Dbench.timeseries=" + timeseries(directory));
		command.add("-Dassertions=false");
		properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
		command.addAll(List.of("-cp", project.gatlingClasspath(), "io.gatling.app.Gatling", "-s",
				simulation.className(), "-rf", directory.resolve("gatling").toString(), "-rd", description));
		return ChildProcess.start("gatling", command, Map.of(), directory.resolve("gatling.log"));
	}

	static List<String> jvmOptions(int javaFeatureVersion) {
		List<String> options = new ArrayList<>(List.of("-Xms1g", "-Xmx1g", "-XX:+UseG1GC",
				"-XX:+HeapDumpOnOutOfMemoryError", "-XX:MaxInlineLevel=20", "-XX:MaxTrivialSize=12",
				"--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED",
				"--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED"));
		if (javaFeatureVersion >= 23) {
			options.add("--sun-misc-unsafe-memory-access=allow");
		}
		return List.copyOf(options);
	}

	static Path timeseries(Path directory) {
		return directory.resolve("timeseries.csv");
	}

	/**
	 * Gatling's report of the run: {@code gatling/<simulation>-<timestamp>/index.html}.
	 */
	static Optional<Path> report(Path directory) {
		Path reports = directory.resolve("gatling");
		if (!Files.isDirectory(reports)) {
			return Optional.empty();
		}
		try (Stream<Path> runs = Files.list(reports)) {
			return runs.map((run) -> run.resolve("index.html")).filter(Files::isRegularFile).findFirst();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

}
