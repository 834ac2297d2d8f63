package dev.rvl.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.rvl.bench.Finding.Severity;

/**
 * What the per-thread CPU says about a variant, step by step:
 * <ul>
 * <li>{@code thread-saturated} ({@link Severity#APP}): one app thread used more than
 * {@value ThreadCpu#SATURATED} of a core - the event-loop bottleneck signature (work
 * queues behind one thread while the others have time);</li>
 * <li>{@code jit-not-settled} ({@link Severity#WARNING}): the JIT compiler threads still
 * used more than {@value #JIT_CORES} cores in a step that decides the knee - the warm-up
 * did not settle the JIT, so part of what was measured is compilation.</li>
 * </ul>
 */
final class AppFindings {

	static final double JIT_CORES = 0.1;

	private AppFindings() {
	}

	static List<Finding> of(String variant, List<StepRow> steps, Knee knee) {
		List<Finding> findings = new ArrayList<>();
		int decisive = knee.lastDecisiveStep();
		for (StepRow row : steps) {
			ThreadCpu threads = row.threadCpu();
			if (threads == null) {
				continue;
			}
			ThreadCpu.ThreadUse busiest = threads.busiest();
			if (busiest != null && busiest.cores() > ThreadCpu.SATURATED) {
				findings.add(new Finding(variant, "thread-saturated", Severity.APP, row.stats().step(),
						row.stats().offered(),
						String.format(Locale.ROOT,
								"one thread saturated: %s used %.2f of a core (more than %.0f %%) while the app used "
										+ "%.2f cores in all - work queued behind one thread",
								busiest.name(), busiest.cores(), ThreadCpu.SATURATED * 100, threads.totalCores())));
			}
			if (row.stats().step() <= decisive && threads.jitCores() > JIT_CORES) {
				findings.add(new Finding(variant, "jit-not-settled", Severity.WARNING, row.stats().step(),
						row.stats().offered(),
						String.format(Locale.ROOT,
								"the JIT compiler threads used %.2f cores (at most %.2f): the warm-up did not settle "
										+ "the JIT, part of what was measured is compilation",
								threads.jitCores(), JIT_CORES)));
			}
		}
		return findings;
	}

}
