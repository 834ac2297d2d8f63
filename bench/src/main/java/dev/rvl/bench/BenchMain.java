package dev.rvl.bench;

import java.util.Arrays;
import java.util.List;

/**
 * The comparison runner ({@code bench/compare.sh}): runs every variant of the order flow
 * under the same Gatling load, one at a time, and writes one side-by-side report to
 * {@code bench/results/<timestamp>/index.html} with {@code summary.json} and
 * {@code summary.md}.
 * <p>
 * Exit code: 0 when a valid report was written, 1 when the report was written but the
 * harness check found the generator, PostgreSQL, the stub or the machine to be the
 * bottleneck (NOT VALID), 2 when a variant could not be measured or the run failed, 64 on
 * a usage error.
 */
public final class BenchMain {

	static final int USAGE = 64;

	static final int FAILED = 2;

	/** {@code verdict}'s exit code for a run NOT VALID because of the machine alone. */
	static final int SPOILED_BY_THE_MACHINE = 5;

	private BenchMain() {
	}

	public static void main(String[] args) {
		System.exit(run(Arrays.asList(args)));
	}

	/**
	 * {@code verdict <summary.json>}: prints the verdict and, when not VALID, its
	 * reasons; exits 0 for VALID, {@link #SPOILED_BY_THE_MACHINE} for NOT VALID because
	 * of the machine alone ({@link Summary#spoiledByTheMachineAlone}), 1 for any other
	 * NOT VALID (bench/quick-check.sh).
	 */
	private static int verdict(List<String> args) {
		if (args.size() != 2) {
			System.err.println("Usage: BenchMain verdict <summary.json>");
			return USAGE;
		}
		try {
			tools.jackson.databind.JsonNode summary = ReportWriter.JSON
				.readTree(java.nio.file.Path.of(args.get(1)).toFile());
			String verdict = summary.path("verdict").asText("none");
			System.out.println(verdict);
			summary.path("invalidReasons").forEach((reason) -> System.out.println("  - " + reason.asText()));
			if (Summary.VALID.equals(verdict)) {
				return 0;
			}
			List<Finding> findings = new java.util.ArrayList<>();
			summary.path("findings")
				.forEach((finding) -> findings.add(ReportWriter.JSON.treeToValue(finding, Finding.class)));
			if (Summary.spoiledByTheMachineAlone(verdict, findings)) {
				System.out.println("NOT VALID only because of the machine (CPU steal or outside processes, "
						+ "and the delays they caused in the same steps): nothing the harness or the apps did");
				return SPOILED_BY_THE_MACHINE;
			}
			return 1;
		}
		catch (RuntimeException ex) {
			System.err.println("no readable summary: " + ex.getMessage());
			return FAILED;
		}
	}

	/** {@code publish <results dir> <name>}: see {@link PublishedResults}. */
	private static int publish(List<String> args) {
		List<String> rest = new java.util.ArrayList<>(args);
		java.nio.file.Path root = java.nio.file.Path.of("").toAbsolutePath();
		int at = rest.indexOf("--root");
		if (at >= 0) {
			root = java.nio.file.Path.of(rest.get(at + 1)).toAbsolutePath();
			rest.remove(at + 1);
			rest.remove(at);
		}
		if (rest.size() != 3) {
			System.err.println("Usage: bench/publish.sh <results directory> <name>");
			return USAGE;
		}
		try {
			PublishedResults.publish(root, java.nio.file.Path.of(rest.get(1)).toAbsolutePath(), rest.get(2));
			System.out
				.println("published " + PublishedResults.DIRECTORY + "/" + rest.get(2) + ".json and its README table");
			return 0;
		}
		catch (java.io.IOException | RuntimeException ex) {
			System.err.println("could not publish: " + ex.getMessage());
			return FAILED;
		}
	}

	/**
	 * {@code --machine-speed}: the probe every run makes ({@link MachineSpeed}), three
	 * times on the app's CPUs, without running anything else.
	 */
	private static int machineSpeed(BenchOptions options, Project project) {
		List<MachineSpeed.Reading> readings = new java.util.ArrayList<>();
		try {
			for (int probe = 1; probe <= 3; probe++) {
				MachineSpeed.Reading reading = MachineSpeed.measure("probe " + probe, project.java(),
						options.isolation().appLauncher());
				System.out.println(Benchmark.format("probe %d: %.0f work units per CPU-second", probe,
						reading.unitsPerCpuSecond()));
				readings.add(reading);
			}
		}
		catch (java.io.IOException | RuntimeException ex) {
			System.err.println("the speed probe failed: " + ex.getMessage());
			return FAILED;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return FAILED;
		}
		System.out.println("CPU speed on the app's CPUs (" + options.isolation().describe() + "): "
				+ new MachineSpeed(readings).describe());
		return 0;
	}

	static int run(List<String> args) {
		if (!args.isEmpty() && "verdict".equals(args.get(0))) {
			return verdict(args);
		}
		if (!args.isEmpty() && "publish".equals(args.get(0))) {
			return publish(args);
		}
		if (args.contains("--help") || args.contains("-h")) {
			System.out.print(BenchOptions.USAGE);
			return 0;
		}
		boolean validateOnly = args.contains("--validate");
		boolean speedOnly = args.contains("--machine-speed");
		BenchOptions options;
		Project project;
		try {
			options = BenchOptions.parse(args.stream()
				.filter((arg) -> !"--validate".equals(arg) && !"--machine-speed".equals(arg))
				.toList());
			project = Project.at(options.root());
			if (validateOnly) {
				return 0;
			}
			if (speedOnly) {
				return machineSpeed(options, project);
			}
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.err.print(BenchOptions.USAGE);
			return USAGE;
		}
		Progress progress = new Progress(System.out);
		try {
			Summary summary = new Benchmark(options, project, progress).run();
			progress.phase("bench", "verdict " + summary.verdict() + ", exit code " + summary.exitCode());
			return summary.exitCode();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			progress.phase("bench", "interrupted");
			return FAILED;
		}
		catch (Exception ex) {
			progress.phase("bench", "FAILED: " + ex);
			ex.printStackTrace();
			return FAILED;
		}
	}

}
