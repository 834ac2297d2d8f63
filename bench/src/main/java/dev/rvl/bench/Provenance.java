package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;

/**
 * Where the numbers come from: the commit (and whether the tree had changes), the JDK,
 * the versions of the libraries that decide the comparison (read from the apps' jars),
 * the kernel and the CPU. In the report and in {@code summary.json}, so a table quoted
 * anywhere can be traced to a build.
 *
 * @param commit the git commit, or {@code unknown}
 * @param dirty whether the working tree had uncommitted changes
 * @param jdk the JDK the apps ran on
 * @param kernel the kernel release
 * @param cpu the CPU model
 * @param libraries library versions, by name, as packaged in the apps
 * @param speed how fast the app's CPUs ran before each variant and at the end, or
 * {@code null} (remote targets, or a report written before the probe existed)
 */
record Provenance(String commit, boolean dirty, String jdk, String kernel, String cpu, Map<String, String> libraries,
		MachineSpeed speed) {

	/** The libraries worth naming, as their jars start. */
	static final List<String> LIBRARIES = List.of("spring-boot", "spring-webflux", "spring-webmvc", "reactor-core",
			"reactor-netty-core", "netty-common", "r2dbc-pool", "r2dbc-postgresql", "HikariCP", "postgresql",
			"tomcat-embed-core", "jackson-databind", "micrometer-core", "concurrency-limits-core");

	private static final Pattern JAR = Pattern.compile("BOOT-INF/lib/(.+?)-(\\d[\\w.\\-]*)\\.jar");

	static Provenance read(Project project, List<Variant> variants, MachineSpeed speed) {
		Map<String, String> libraries = new LinkedHashMap<>();
		variants.stream().map(Variant::module).distinct().forEach((module) -> {
			try {
				libraries.putAll(libraries(project.appJar(module)));
			}
			catch (RuntimeException ex) {
				// no jar: nothing to name
			}
		});
		Map<String, String> named = new LinkedHashMap<>();
		LIBRARIES.forEach((name) -> {
			if (libraries.containsKey(name)) {
				named.put(name, libraries.get(name));
			}
		});
		String status = git(project.root(), "status", "--porcelain");
		return new Provenance(git(project.root(), "rev-parse", "HEAD").strip(), !status.isBlank(),
				System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"),
				read(Path.of("/proc/sys/kernel/osrelease")), MachineInfo.cpuModel(), named, speed);
	}

	/** Library name to version, from a Spring Boot jar's {@code BOOT-INF/lib}. */
	static Map<String, String> libraries(Path jar) {
		Map<String, String> libraries = new LinkedHashMap<>();
		try (ZipFile zip = new ZipFile(jar.toFile())) {
			Collections.list(zip.entries()).forEach((entry) -> {
				Matcher matcher = JAR.matcher(entry.getName());
				if (matcher.matches()) {
					libraries.put(matcher.group(1), matcher.group(2));
				}
			});
		}
		catch (IOException ex) {
			// unreadable: nothing to name
		}
		return libraries;
	}

	private static String git(Path root, String... arguments) {
		try {
			List<String> command = new java.util.ArrayList<>(List.of("git", "-C", root.toString()));
			command.addAll(List.of(arguments));
			Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
			String out = new String(git.getInputStream().readAllBytes());
			return (git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0) ? out : "unknown";
		}
		catch (IOException ex) {
			return "unknown";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "unknown";
		}
	}

	private static String read(Path file) {
		try {
			return Files.readString(file).strip();
		}
		catch (IOException ex) {
			return System.getProperty("os.version");
		}
	}

}
