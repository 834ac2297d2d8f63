package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * CPU isolation on one machine: the app under test on CPUs of its own, everything else -
 * the load generator, the stub, PostgreSQL and the runner - on the rest, with
 * {@code taskset} (util-linux). Then a saturated app cannot starve the harness, nor the
 * harness the app, and "the harness did not fit in its CPUs" is a measurement
 * ({@code harness-cpu} in the harness check), not a guess. The app's JVM sees only its
 * CPUs ({@code availableProcessors}), so it sizes its event loops, carrier threads and GC
 * threads for them - the same for every variant.
 *
 * @param mode {@code cpuset} or {@code none}
 * @param appCpus the app's CPUs (ids)
 * @param harnessCpus the harness's CPUs (ids)
 */
record CpuIsolation(Mode mode, List<Integer> appCpus, List<Integer> harnessCpus) {

	CpuIsolation {
		appCpus = List.copyOf(appCpus);
		harnessCpus = List.copyOf(harnessCpus);
	}

	/** No isolation: everything on every CPU. */
	static CpuIsolation none(List<Integer> cpus) {
		return new CpuIsolation(Mode.NONE, cpus, cpus);
	}

	/**
	 * @param mode what was asked for
	 * @param cpus the CPUs this runner may use
	 * @param appCores CPUs for the app, or {@code null} for half (rounded down, at least
	 * one)
	 */
	static CpuIsolation of(Mode mode, List<Integer> cpus, Integer appCores) {
		if (mode == Mode.NONE || cpus.size() < 2) {
			return none(cpus);
		}
		int app = (appCores != null) ? appCores : Math.max(1, cpus.size() / 2);
		if (app < 1 || app >= cpus.size()) {
			throw new IllegalArgumentException(
					"--app-cpus must leave at least one of the " + cpus.size() + " CPUs to the harness");
		}
		return new CpuIsolation(Mode.CPUSET, cpus.subList(cpus.size() - app, cpus.size()),
				cpus.subList(0, cpus.size() - app));
	}

	/** Whether {@code taskset} is there to isolate with. */
	static boolean available() {
		return Files.isExecutable(Path.of("/usr/bin/taskset")) || Files.isExecutable(Path.of("/bin/taskset"));
	}

	/**
	 * The CPUs this process may run on ({@code Cpus_allowed_list} of /proc/self/status).
	 */
	static List<Integer> allowedCpus() {
		try {
			for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
				if (line.startsWith("Cpus_allowed_list:")) {
					return parseList(line.substring(line.indexOf(':') + 1));
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// not Linux: fall through
		}
		List<Integer> cpus = new ArrayList<>();
		for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
			cpus.add(i);
		}
		return cpus;
	}

	/** {@code 0-3,6,8-9} to ids. */
	static List<Integer> parseList(String text) {
		List<Integer> cpus = new ArrayList<>();
		for (String part : text.strip().split(",")) {
			if (part.isBlank()) {
				continue;
			}
			String[] range = part.strip().split("-");
			int from = Integer.parseInt(range[0]);
			int to = (range.length > 1) ? Integer.parseInt(range[1]) : from;
			for (int cpu = from; cpu <= to; cpu++) {
				cpus.add(cpu);
			}
		}
		return cpus;
	}

	/** Every CPU of the run: the app's and the harness's. */
	int cores() {
		return (int) java.util.stream.Stream.concat(this.appCpus.stream(), this.harnessCpus.stream())
			.distinct()
			.count();
	}

	boolean isolated() {
		return this.mode == Mode.CPUSET;
	}

	/** The command prefix that starts the app on its CPUs (empty without isolation). */
	List<String> appLauncher() {
		return isolated() ? List.of("taskset", "-c", list(this.appCpus)) : List.of();
	}

	/** The command prefix that starts a harness process on its CPUs. */
	List<String> harnessLauncher() {
		return isolated() ? List.of("taskset", "-c", list(this.harnessCpus)) : List.of();
	}

	/**
	 * Moves a running harness process (every thread of it) onto the harness's CPUs.
	 * @return whether it worked (or nothing was to be done)
	 */
	boolean pinToHarness(long pid) {
		if (!isolated()) {
			return true;
		}
		try {
			Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", list(this.harnessCpus),
					Long.toString(pid))
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			return taskset.waitFor(10, TimeUnit.SECONDS) && taskset.exitValue() == 0;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	String describe() {
		return isolated()
				? String.format(Locale.ROOT,
						"cpuset: app on CPU %s, harness (Gatling, stub, PostgreSQL, " + "runner) on CPU %s (taskset)",
						list(this.appCpus), list(this.harnessCpus))
				: "none: app and harness share CPU " + list(this.appCpus);
	}

	static String list(List<Integer> cpus) {
		return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
	}

	/** How the run places processes on CPUs. */
	enum Mode {

		/** Everything shares every CPU. */
		NONE,

		/** The app on CPUs of its own. */
		CPUSET;

		static Mode of(String id) {
			return switch (id.strip().toLowerCase(Locale.ROOT)) {
				case "none" -> NONE;
				case "cpuset" -> CPUSET;
				default -> throw new IllegalArgumentException("--isolation is none or cpuset, not '" + id + "'");
			};
		}

	}

}
