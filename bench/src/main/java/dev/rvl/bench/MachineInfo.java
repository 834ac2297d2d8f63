package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The machine the run happened on, for the settings table.
 *
 * @param cores cores this JVM sees
 * @param details what else is worth printing, by name
 */
record MachineInfo(int cores, Map<String, String> details) {

	/**
	 * @param proc {@code /proc}
	 * @param cores the CPUs of the run, app's and harness's together (the runner itself
	 * runs on the harness's only, so its own {@code availableProcessors} is not the
	 * machine's)
	 */
	static MachineInfo read(ProcFs proc, int cores) {
		Map<String, String> details = new LinkedHashMap<>();
		details.put("cores", Integer.toString(cores));
		details.put("CPU", cpuModel());
		details.put("memory", memory());
		details.put("OS", osRelease());
		details.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
				+ System.getProperty("os.arch"));
		details.put("JDK (apps, stub, Gatling)", System.getProperty("java.vm.vendor") + " "
				+ System.getProperty("java.runtime.version") + " at " + System.getProperty("java.home"));
		details.put("CPU steal accounting", proc.available() ? "/proc/stat" : "unavailable");
		return new MachineInfo(cores, details);
	}

	static String cpuModel() {
		return firstValue(Path.of("/proc/cpuinfo"), "model name");
	}

	private static String memory() {
		try {
			long kb = ProcFs.parseStatusKb(Files.readString(Path.of("/proc/meminfo")), "MemTotal");
			return String.format(java.util.Locale.ROOT, "%.1f GiB", kb / 1024.0 / 1024.0);
		}
		catch (IOException | RuntimeException ex) {
			return "?";
		}
	}

	private static String osRelease() {
		try {
			for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
				if (line.startsWith("PRETTY_NAME=")) {
					return line.substring("PRETTY_NAME=".length()).replace("\"", "");
				}
			}
		}
		catch (IOException ex) {
			// fall through
		}
		return System.getProperty("os.name");
	}

	private static String firstValue(Path file, String key) {
		try {
			for (String line : Files.readAllLines(file)) {
				if (line.startsWith(key)) {
					return line.substring(line.indexOf(':') + 1).strip();
				}
			}
		}
		catch (IOException ex) {
			// fall through
		}
		return "?";
	}

}
