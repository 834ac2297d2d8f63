package dev.rvl.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import dev.rvl.bench.HarnessCheck.Window;

/**
 * Where the app's CPU went in one step, thread by thread, from the per-thread CPU ticks
 * the sampler read once a second ({@code /proc/<pid>/task/<tid>/stat}): the busiest
 * threads, and what the JIT compiler and the garbage collector took. One thread near a
 * whole core while the others idle is the signature of an event-loop bottleneck.
 *
 * @param top the busiest threads, busiest first
 * @param jitCores cores used by the JIT compiler threads (a settled JIT uses almost none)
 * @param gcCores cores used by the garbage collector's threads
 * @param totalCores cores used by all the app's threads
 */
record ThreadCpu(List<ThreadUse> top, double jitCores, double gcCores, double totalCores) {

	/** A thread at or above this share of one core is reported as saturated. */
	static final double SATURATED = 0.8;

	static final int TOP = 6;

	/** The busiest thread, or {@code null}. */
	ThreadUse busiest() {
		return this.top.isEmpty() ? null : this.top.get(0);
	}

	/**
	 * @param samples the sampler's readings
	 * @param window the step
	 * @param fullNames full thread names by thread id, where known
	 * @return the step's thread figures, or {@code null} without two readings
	 */
	static ThreadCpu of(List<Sample> samples, Window window, Map<Long, String> fullNames) {
		Sample first = null;
		Sample last = null;
		for (Sample sample : samples) {
			if (sample.appThreads().isEmpty() || sample.epochMs() > window.toMs()) {
				continue;
			}
			if (sample.epochMs() <= window.fromMs() || first == null) {
				first = sample;
			}
			last = sample;
		}
		if (first == null || last == first) {
			return null;
		}
		double seconds = (last.epochMs() - first.epochMs()) / 1000.0;
		List<ThreadUse> all = new ArrayList<>();
		double jit = 0;
		double gc = 0;
		double total = 0;
		for (Map.Entry<Long, ProcFs.ThreadStat> thread : last.appThreads().entrySet()) {
			ProcFs.ThreadStat before = first.appThreads().get(thread.getKey());
			long ticks = thread.getValue().cpuTicks() - ((before != null) ? before.cpuTicks() : 0);
			double cores = ticks / (double) ProcFs.CLOCK_TICKS / seconds;
			String name = fullNames.getOrDefault(thread.getKey(), thread.getValue().name());
			total += cores;
			if (isJit(name)) {
				jit += cores;
			}
			else if (isGc(name)) {
				gc += cores;
			}
			all.add(new ThreadUse(name, thread.getKey(), round(cores)));
		}
		List<ThreadUse> top = all.stream()
			.filter((use) -> use.cores() > 0)
			.sorted(Comparator.comparingDouble(ThreadUse::cores).reversed())
			.limit(TOP)
			.toList();
		return new ThreadCpu(top, round(jit), round(gc), round(total));
	}

	/**
	 * The cores a process's JIT compiler threads used while {@code load} ran: what the
	 * runner's JIT-settled checks (each app's, the stub's) compare with their limit.
	 */
	static double jitCoresWhile(ProcFs proc, long pid, Load load) throws InterruptedException {
		long before = jitTicks(proc, pid);
		long started = System.nanoTime();
		load.run();
		return (jitTicks(proc, pid) - before) / (double) ProcFs.CLOCK_TICKS / ((System.nanoTime() - started) / 1e9);
	}

	/** CPU ticks so far of a process's JIT compiler threads. */
	static long jitTicks(ProcFs proc, long pid) {
		return proc.threads(pid)
			.values()
			.stream()
			.filter((thread) -> isJit(thread.name()))
			.mapToLong(ProcFs.ThreadStat::cpuTicks)
			.sum();
	}

	static boolean isJit(String name) {
		return name.startsWith("C2 CompilerThre") || name.startsWith("C1 CompilerThre");
	}

	static boolean isGc(String name) {
		return name.startsWith("GC Thread") || name.startsWith("G1 ") || name.startsWith("GC ");
	}

	private static double round(double value) {
		return Math.round(value * 1000) / 1000.0;
	}

	/**
	 * One thread's CPU in a step.
	 *
	 * @param name its full name (or the kernel's 15 characters when it ended before the
	 * names were read)
	 * @param tid its OS thread id
	 * @param cores cores it used (1.0 = one core all the time)
	 */
	record ThreadUse(String name, long tid, double cores) {
	}

	/** Load put on a process while its JIT is watched. */
	@FunctionalInterface
	interface Load {

		void run() throws InterruptedException;

	}

}
