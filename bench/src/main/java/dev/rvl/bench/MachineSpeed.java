package dev.rvl.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How fast the app's CPUs ran, measured the same way before each variant and once at the
 * end: a fixed single-threaded workload - text built and encoded, a map, a SHA-256, a
 * sort, the kind of work a request does - in a JVM of its own on the app's CPUs, counted
 * in work units per CPU-second of its thread (the median of {@value #ROUNDS} rounds after
 * a warm-up). A virtual machine whose host gives it a slower share shows here even when
 * {@code /proc/stat} counts no steal (on this project's 2-core VM the same Loom run cost
 * 1.0 ms of CPU per order one day and 1.65 ms another, PostgreSQL's share alike, with no
 * steal reported). Variants measured while the speed moved are compared on different
 * machines: the run's drift is reported, and a drift above {@link #MAX_DRIFT} is a
 * finding. The figure is this project's own unit, to compare runs on one machine or a
 * user's machine with the published runs - not a general benchmark score.
 *
 * @param readings when (before which variant, or at the end) and how fast
 */
record MachineSpeed(List<Reading> readings) {

	/** Drift (max - min over the median) beyond which the run gets a finding. */
	static final double MAX_DRIFT = 0.15;

	static final int ROUNDS = 5;

	private static final long WARMUP_NANOS = TimeUnit.MILLISECONDS.toNanos(1500);

	private static final long ROUND_NANOS = TimeUnit.MILLISECONDS.toNanos(300);

	private static final String OUTPUT = "units-per-cpu-second=";

	private static final Pattern OUTPUT_LINE = Pattern.compile(Pattern.quote(OUTPUT) + "(\\d+(?:\\.\\d+)?)");

	/**
	 * One probe.
	 *
	 * @param when before which variant, or {@code end}
	 * @param unitsPerCpuSecond the median round's work units per CPU-second
	 */
	record Reading(String when, double unitsPerCpuSecond) {
	}

	MachineSpeed {
		readings = List.copyOf(readings);
	}

	double median() {
		double[] values = this.readings.stream().mapToDouble(Reading::unitsPerCpuSecond).sorted().toArray();
		if (values.length == 0) {
			return Double.NaN;
		}
		int middle = values.length / 2;
		return (values.length % 2 == 1) ? values[middle] : (values[middle - 1] + values[middle]) / 2;
	}

	/** (fastest - slowest) / median of the readings; 0 with fewer than two. */
	double drift() {
		if (this.readings.size() < 2) {
			return 0;
		}
		double max = this.readings.stream().mapToDouble(Reading::unitsPerCpuSecond).max().orElseThrow();
		double min = this.readings.stream().mapToDouble(Reading::unitsPerCpuSecond).min().orElseThrow();
		return (max - min) / median();
	}

	/** A warning when the speed moved by more than {@link #MAX_DRIFT} during the run. */
	Optional<Finding> finding() {
		if (drift() <= MAX_DRIFT) {
			return Optional.empty();
		}
		return Optional
			.of(new Finding("machine", "machine-speed", Finding.Severity.WARNING, null, null, Benchmark.format(
					"the app's CPUs ran at %s work units per CPU-second, from %.0f to %.0f (drift %.0f %% > %.0f %%):"
							+ " the variants were measured on a machine whose speed changed, and differences of"
							+ " that size between them are the machine's",
					readingsText(), min(), max(), drift() * 100, MAX_DRIFT * 100)));
	}

	/** {@code 1234 (median; drift 2 %; before loom 1230, ..., end 1240)}. */
	String describe() {
		return Benchmark.format("%.0f work units per CPU-second (median; drift %.0f %%: %s)", median(), drift() * 100,
				readingsText());
	}

	private String readingsText() {
		return String.join(", ",
				this.readings.stream()
					.map((reading) -> reading.when() + " " + Benchmark.format("%.0f", reading.unitsPerCpuSecond()))
					.toList());
	}

	private double min() {
		return this.readings.stream().mapToDouble(Reading::unitsPerCpuSecond).min().orElse(Double.NaN);
	}

	private double max() {
		return this.readings.stream().mapToDouble(Reading::unitsPerCpuSecond).max().orElse(Double.NaN);
	}

	/**
	 * Runs the probe in a JVM of its own, started with {@code launcher} (the app's
	 * {@code taskset}), and reads its one line.
	 * @param java the JDK's {@code java}
	 * @param launcher the command prefix that puts a process on the app's CPUs
	 */
	static Reading measure(String when, String java, List<String> launcher) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(launcher);
		command.addAll(List.of(java, "-Xms64m", "-Xmx64m", "-XX:+UseSerialGC", "-cp",
				System.getProperty("java.class.path"), MachineSpeed.class.getName()));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
			process.destroyForcibly();
			throw new IOException("the speed probe failed: " + output.strip());
		}
		return new Reading(when, parse(output));
	}

	static double parse(String output) {
		Matcher matcher = OUTPUT_LINE.matcher(output);
		if (!matcher.find()) {
			throw new IllegalArgumentException(
					"no '" + OUTPUT + "' line in the speed probe's output: " + output.strip());
		}
		return Double.parseDouble(matcher.group(1));
	}

	/** The probe's JVM: warms up, measures, prints one line. */
	public static void main(String[] args) {
		System.out.println(OUTPUT + Benchmark.format("%.1f", probe(WARMUP_NANOS, ROUNDS, ROUND_NANOS)));
	}

	/**
	 * Work units per CPU-second of this thread: the median of {@code rounds} rounds of
	 * {@code roundNanos} CPU time each, after {@code warmupNanos} of CPU time.
	 */
	static double probe(long warmupNanos, int rounds, long roundNanos) {
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		long sink = 0;
		long seed = 1;
		long warmupEnd = threads.getCurrentThreadCpuTime() + warmupNanos;
		while (threads.getCurrentThreadCpuTime() < warmupEnd) {
			sink += unit(seed++);
		}
		double[] rates = new double[rounds];
		for (int round = 0; round < rounds; round++) {
			long start = threads.getCurrentThreadCpuTime();
			long now = start;
			long units = 0;
			while (now - start < roundNanos) {
				for (int i = 0; i < 16; i++) {
					sink += unit(seed++);
				}
				units += 16;
				now = threads.getCurrentThreadCpuTime();
			}
			rates[round] = units * 1e9 / (now - start);
		}
		if (sink == 42) {
			// keeps the work from being optimized away; never true in practice
			System.out.print("");
		}
		Arrays.sort(rates);
		return rates[rounds / 2];
	}

	/**
	 * One unit of work: 32 lines of an order as text, counted in a map, encoded, hashed,
	 * and their amounts sorted.
	 */
	static long unit(long seed) {
		StringBuilder text = new StringBuilder(1024);
		Map<String, Long> bySku = new HashMap<>();
		long[] amounts = new long[32];
		long x = seed;
		for (int line = 0; line < amounts.length; line++) {
			x = x * 6364136223846793005L + 1442695040888963407L;
			String sku = "SKU-" + ((x >>> 33) % 500);
			long amount = (x >>> 17) & 0xFFFF;
			text.append("{\"sku\":\"").append(sku).append("\",\"quantity\":").append(amount % 7 + 1).append('}');
			bySku.merge(sku, amount, Long::sum);
			amounts[line] = amount;
		}
		Arrays.sort(amounts);
		byte[] digest = sha256().digest(text.toString().getBytes(StandardCharsets.UTF_8));
		return digest[0] + bySku.size() + amounts[amounts.length / 2];
	}

	private static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
