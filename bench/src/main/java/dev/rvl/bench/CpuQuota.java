package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * A CPU quota for the app under test: at most {@code cores} of CPU time per second, by a
 * Linux cgroup (v1 {@code cpu.cfs_quota_us}, v2 {@code cpu.max}), on top of the CPUs of
 * its own. On a small machine the knee of an app on a whole CPU lies beyond what the
 * harness's CPUs can offer; with a quota its knee - and several times its knee, for the
 * overload simulation - stays within it, so knees can be found and compared with a VALID
 * harness. Every variant gets the same quota, printed in the report.
 * <p>
 * The quota is granted per period: an app that has used {@code cores x period} of CPU
 * time is stopped until the period ends. The kernel's default period (100 ms, also
 * Kubernetes') stops an app on 0.4 cores for up to 60 ms at a time, a stall a slower CPU
 * does not have and that lands on whichever requests wait then; a shorter period spreads
 * the same CPU time more evenly ({@code --app-cpu-quota-period}).
 *
 * @param cores CPU time per second the app may use, or 0 for no quota
 * @param period the quota's period
 */
record CpuQuota(double cores, Duration period) {

	static final Duration DEFAULT_PERIOD = Duration.ofMillis(100);

	static final CpuQuota NONE = new CpuQuota(0, DEFAULT_PERIOD);

	private static final String GROUP = "reactive-vs-loom-app";

	private static final Path V1 = Path.of("/sys/fs/cgroup/cpu");

	private static final Path V2 = Path.of("/sys/fs/cgroup");

	CpuQuota {
		if (period.toNanos() < 1_000_000 || period.toNanos() > 1_000_000_000) {
			throw new IllegalArgumentException(
					"--app-cpu-quota-period needs 1ms to 1s (the kernel's bounds), not " + period.toMillis() + "ms");
		}
	}

	CpuQuota(double cores) {
		this(cores, DEFAULT_PERIOD);
	}

	CpuQuota withPeriod(Duration period) {
		return new CpuQuota(this.cores, period);
	}

	boolean set() {
		return this.cores > 0;
	}

	/**
	 * Creates (or updates) the cgroup and returns the prefix that starts a command in it:
	 * {@code sh -c 'echo $$ > <cgroup>/cgroup.procs && exec "$@"' sh}; empty without a
	 * quota.
	 */
	List<String> launcher() {
		if (!set()) {
			return List.of();
		}
		Path group = create();
		return List.of("sh", "-c", "echo $$ > '" + group.resolve("cgroup.procs") + "' && exec \"$@\"", "sh");
	}

	private Path create() {
		long period = this.period.toNanos() / 1000;
		long quota = Math.max(1000, Math.round(this.cores * period));
		try {
			if (Files.isRegularFile(V1.resolve("cpu.cfs_quota_us"))) {
				Path group = Files.createDirectories(V1.resolve(GROUP));
				Files.writeString(group.resolve("cpu.cfs_period_us"), Long.toString(period));
				Files.writeString(group.resolve("cpu.cfs_quota_us"), Long.toString(quota));
				return group;
			}
			if (Files.isRegularFile(V2.resolve("cgroup.controllers"))) {
				Path group = Files.createDirectories(V2.resolve(GROUP));
				Files.writeString(group.resolve("cpu.max"), quota + " " + period);
				return group;
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("--app-cpu-quota needs a writable cgroup CPU controller (root): " + ex);
		}
		throw new IllegalStateException("--app-cpu-quota needs a cgroup CPU controller under /sys/fs/cgroup");
	}

	/**
	 * How long the quota has stopped the processes in its cgroup so far, in milliseconds:
	 * {@code throttled_time} (ns, cgroup v1) or {@code throttled_usec} (v2) of the
	 * group's {@code cpu.stat}; empty without a quota or where the file cannot be read.
	 */
	OptionalLong stoppedMs() {
		if (!set()) {
			return OptionalLong.empty();
		}
		try {
			if (Files.isRegularFile(V1.resolve(GROUP).resolve("cpu.stat"))) {
				return stat(Files.readString(V1.resolve(GROUP).resolve("cpu.stat")), "throttled_time", 1_000_000);
			}
			if (Files.isRegularFile(V2.resolve(GROUP).resolve("cpu.stat"))) {
				return stat(Files.readString(V2.resolve(GROUP).resolve("cpu.stat")), "throttled_usec", 1_000);
			}
		}
		catch (IOException ex) {
			// unknown
		}
		return OptionalLong.empty();
	}

	/** One counter of a {@code cpu.stat} file, divided by {@code perMs}. */
	static OptionalLong stat(String cpuStat, String name, long perMs) {
		for (String line : cpuStat.split("\n")) {
			String[] fields = line.strip().split("\s+");
			if (fields.length == 2 && fields[0].equals(name)) {
				try {
					return OptionalLong.of(Long.parseLong(fields[1]) / perMs);
				}
				catch (NumberFormatException ex) {
					return OptionalLong.empty();
				}
			}
		}
		return OptionalLong.empty();
	}

	String describe() {
		return set() ? String.format(Locale.ROOT, "%.2f cores of CPU time per second (cgroup quota, period %d ms)",
				this.cores, this.period.toMillis()) : "none";
	}

}
