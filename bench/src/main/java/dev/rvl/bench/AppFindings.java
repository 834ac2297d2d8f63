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
 * did not settle the JIT, so part of what was measured is compilation;</li>
 * <li>{@code listen-queue-overflow} ({@link Severity#APP}): the kernel found a listen
 * queue full when connections arrived - the app accepted new connections too slowly (the
 * stub and PostgreSQL are called over pooled connections), and the clients whose SYN was
 * dropped waited a second or more for its retransmission.</li>
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
			if (row.listenOverflows() != null && row.listenOverflows() > 0) {
				findings.add(new Finding(variant, "listen-queue-overflow", Severity.APP, row.stats().step(),
						row.stats().offered(),
						String.format(Locale.ROOT,
								"a listen queue was full %d times (the kernel's ListenOverflows): connection "
										+ "attempts were dropped and their clients waited 1 s or more for the "
										+ "retransmission - the app accepted new connections too slowly",
								row.listenOverflows())));
			}
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
