package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A CPU quota for the app under test: at most {@code cores} of CPU time per second, by a
 * Linux cgroup (v1 {@code cpu.cfs_quota_us}, v2 {@code cpu.max}), on top of the CPUs of
 * its own. On a small machine the knee of an app on a whole CPU lies beyond what the
 * harness's CPUs can offer; with a quota its knee - and several times its knee, for the
 * overload simulation - stays within it, so knees can be found and compared with a VALID
 * harness. Every variant gets the same quota, printed in the report.
 *
 * @param cores CPU time per second the app may use, or 0 for no quota
 */
record CpuQuota(double cores) {

	static final CpuQuota NONE = new CpuQuota(0);

	private static final long PERIOD_US = 100_000;

	private static final Path V1 = Path.of("/sys/fs/cgroup/cpu");

	private static final Path V2 = Path.of("/sys/fs/cgroup");

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
		long quota = Math.round(this.cores * PERIOD_US);
		try {
			if (Files.isRegularFile(V1.resolve("cpu.cfs_quota_us"))) {
				Path group = Files.createDirectories(V1.resolve("reactive-vs-loom-app"));
				Files.writeString(group.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
				Files.writeString(group.resolve("cpu.cfs_quota_us"), Long.toString(quota));
				return group;
			}
			if (Files.isRegularFile(V2.resolve("cgroup.controllers"))) {
				Path group = Files.createDirectories(V2.resolve("reactive-vs-loom-app"));
				Files.writeString(group.resolve("cpu.max"), quota + " " + PERIOD_US);
				return group;
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("--app-cpu-quota needs a writable cgroup CPU controller (root): " + ex);
		}
		throw new IllegalStateException("--app-cpu-quota needs a cgroup CPU controller under /sys/fs/cgroup");
	}

	String describe() {
		return set() ? String.format(Locale.ROOT, "%.2f cores of CPU time per second (cgroup quota)", this.cores)
				: "none";
	}

}
