package dev.rvl.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code summary.md}: the report's numbers as Markdown tables. */
final class MarkdownReport {

	private MarkdownReport() {
	}

	static String render(Summary summary) {
		WorkloadSummary w = summary.workload();
		StringBuilder md = new StringBuilder();
		md.append("# ").append(summary.title()).append("\n\n");
		md.append("**").append(summary.verdict()).append("**");
		md.append(switch (summary.verdict()) {
			case Summary.VALID -> " - the harness check passed: " + summary.workload().checked() + ".";
			case Summary.NOT_VALID ->
				" - the harness, not the app, was the bottleneck: these numbers are not a result.";
			default -> " - at least one variant could not be measured.";
		}).append("\n\n");
		summary.invalidReasons().forEach((reason) -> md.append("- ").append(reason).append('\n'));
		if (!summary.invalidReasons().isEmpty()) {
			md.append('\n');
		}
		md.append(String.format(Locale.ROOT,
				"%s; preset %s%s; simulation %s (%s model); partner latency %d ms; SLO p99 of %s %d ms; ideal latency %d ms "
						+ "(Little's law: %d threads carry about %.0f orders/s); %s; %d cores; %d s wall time.%n%n",
				summary.generatedAt(), w.preset(), w.quick() ? " (quick)" : "", w.simulation(), w.model(),
				w.partnerLatencyMs(), w.primaryRequest(), w.sloP99Ms(), w.idealLatencyMs(), w.platformThreads(),
				w.threadCeiling(), w.plan(), w.cores(), summary.wallSeconds()));
		if (w.remote() != null) {
			md.append("## Remote targets\n\n");
			w.remote().targets().forEach((id, url) -> md.append("- ").append(id).append(": ").append(url).append('\n'));
			md.append("- partner stub: ").append(w.remote().stub()).append("\n\n");
			md.append("App figures: ").append(w.remote().figures()).append(".\n\n");
			md.append("Unavailable remotely: ").append(String.join("; ", w.remote().unavailable())).append(".\n\n");
		}
		md.append("## Knees\n\n");
		md.append("| variant | knee (")
			.append(w.unit())
			.append(") | knee searched | ok/s at knee | p99 at knee (ms) | app CPU ms/order at knee | PG CPU ms/order at knee | first failing | why | max RSS (MiB) | max heap (MiB) | max platform threads | max virtual threads (mounted or queued) | mean app CPU |\n");
		md.append("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|\n");
		for (VariantSummary v : summary.variants()) {
			md.append("| ")
				.append(v.label())
				.append(" | ")
				.append(num(v.knee().heldOffered()))
				.append(" | ")
				.append(v.search().isEmpty() ? "-"
						: num(v.knee().searchedOffered()) + " (failed " + num(v.knee().searchedFailing()) + ")")
				.append(" | ")
				.append(num(v.knee().throughput()))
				.append(" | ")
				.append(num(v.knee().p99Ms()))
				.append(" | ")
				.append(num(v.knee().appCpuMsPerOrder()))
				.append(" | ")
				.append(num(v.knee().postgresCpuMsPerOrder()))
				.append(" | ")
				.append(num(v.knee().firstFailingOffered()))
				.append(" | ")
				.append(cell((v.error() != null) ? "not measured: " + v.error().lines().findFirst().orElse("")
						: (v.knee().failure() != null) ? v.knee().failure() : "held every step"))
				.append(" | ")
				.append(num(v.peaks().get("max app RSS (MiB)")))
				.append(" | ")
				.append(num(v.peaks().get("max heap used (MiB)")))
				.append(" | ")
				.append(num(v.peaks().get("max live threads")))
				.append(" | ")
				.append(num(v.peaks().get("max virtual threads mounted or queued")))
				.append(" | ")
				.append(num(v.peaks().get("mean app CPU (cores)")))
				.append(" |\n");
		}
		overload(summary, md);
		md.append("\n## Repetitions\n\n");
		md.append(summary.repeat())
			.append(" repetition")
			.append((summary.repeat() > 1) ? "s" : "")
			.append("; running order from seed ")
			.append(summary.seed())
			.append(": ")
			.append(summary.runningOrder()
				.stream()
				.map((order) -> String.join(", ", order))
				.collect(Collectors.joining(" | ")))
			.append("\n\n");
		md.append(
				"| variant | runs | knee min / median / max | knee spread | ok/s at knee | p99 at knee (ms) | app CPU ms/order | PG CPU ms/order |\n");
		md.append("|---|---:|---|---:|---|---|---|---|\n");
		for (Spread spread : summary.spreads()) {
			md.append("| ")
				.append(spread.variant())
				.append(" | ")
				.append(spread.runs())
				.append(" | ")
				.append(range(spread.knee()))
				.append(" | ")
				.append(spread.spreadText())
				.append(" | ")
				.append(range(spread.throughput()))
				.append(" | ")
				.append(range(spread.p99Ms()))
				.append(" | ")
				.append(range(spread.appCpuMsPerOrder()))
				.append(" | ")
				.append(range(spread.postgresCpuMsPerOrder()))
				.append(" |\n");
		}
		md.append('\n');
		summary.comparisons().forEach((line) -> md.append("- ").append(line).append('\n'));
		md.append("\n## Per step\n");
		for (VariantSummary v : summary.variants()) {
			if (v.error() != null) {
				continue;
			}
			md.append("\n### ").append(v.label()).append(" - ").append(v.description()).append("\n\n");
			md.append(
					"| step | offered | sent/s | ok/s | success | p50 | p95 | p99 | max | held | in flight | ideal | app CPU | app ms/order | PG ms/order | busiest thread | JIT CPU | max GC pause ms | Gatling CPU | PG CPU | stub p99 | RSS | heap | threads |\n");
			md.append(
					"|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
			for (StepRow row : v.steps()) {
				StepStats s = row.stats();
				ThreadCpu threads = row.threadCpu();
				ThreadCpu.ThreadUse busiest = (threads != null) ? threads.busiest() : null;
				md.append(String.format(Locale.ROOT,
						"| %d | %s | %.1f | %.1f | %.2f %% | %d | %d | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
						s.step(), num(s.offered()), s.sentPerSecond(), s.okPerSecond(), s.success() * 100, s.p50(),
						s.p95(), s.p99(), s.max(), row.held() ? "yes" : cell("no: " + row.failures()),
						num(row.inFlight()), num(row.idealInFlight()), num(row.appCpu()), num(row.appCpuMsPerOrder()),
						num(row.postgresCpuMsPerOrder()),
						(busiest != null) ? cell(busiest.name()) + " " + num(busiest.cores()) : "-",
						(threads != null) ? num(threads.jitCores()) : "-", num(row.maxGcPauseMs()),
						num(row.gatlingCpu()), num(row.postgresCpu()), num(row.stubP99Ms()), num(row.appRssMb()),
						num(row.heapMb()), num(row.threads())));
			}
			md.append('\n');
			md.append("Busiest app threads per step (cores): ");
			md.append(v.steps()
				.stream()
				.filter((row) -> row.threadCpu() != null)
				.map((row) -> "step " + row.stats().step() + ": "
						+ row.threadCpu()
							.top()
							.stream()
							.map((use) -> use.name() + " " + num(use.cores()))
							.collect(Collectors.joining(", ")))
				.collect(Collectors.joining("; ")));
			md.append("  \n");
			if (v.steps().stream().anyMatch((row) -> row.quotaStopped() != null)) {
				md.append("CPU quota: share of each step the app was stopped, its CPU time for the period used up: ")
					.append(v.steps()
						.stream()
						.filter((row) -> row.quotaStopped() != null)
						.map((row) -> "step " + row.stats().step() + ": "
								+ Benchmark.format("%.0f %%", row.quotaStopped() * 100))
						.collect(Collectors.joining(", ")))
					.append("  \n");
			}
			if (!v.search().isEmpty()) {
				md.append("Knee search: ")
					.append(v.search()
						.stream()
						.map((probe) -> num(probe.offered()) + " "
								+ (probe.held() ? "held" : "failed (" + probe.failures() + ")")
								+ ((probe.row() != null) ? ", p99 " + probe.row().stats().p99() + " ms" : ""))
						.collect(Collectors.joining("; ")))
					.append("  \n");
			}
			if (v.profile() != null) {
				md.append("Flame graphs of step ")
					.append(v.profile().step())
					.append(" (")
					.append(v.profile().why())
					.append("): ")
					.append(v.profile().files().isEmpty() ? v.profile().error()
							: v.profile()
								.files()
								.stream()
								.map((file) -> "[" + file + "](" + file + ")")
								.collect(Collectors.joining(", ")))
					.append("  \n");
				if (v.profile().components() != null) {
					md.append("CPU by component, step ")
						.append(v.profile().step())
						.append(" (share of samples · app CPU ms per order · in the kernel): ")
						.append(v.profile()
							.components()
							.shares()
							.stream()
							.map((share) -> share.component() + " " + Benchmark.format("%.1f %%", share.percent())
									+ ((share.msPerOrder() != null) ? Benchmark.format(" · %.3f", share.msPerOrder())
											: "")
									+ Benchmark.format(" · %.0f %%", share.kernelPercent()))
							.collect(Collectors.joining("; ")))
						.append("  \n");
				}
			}
			if (!v.limitsHit().isEmpty()) {
				md.append("Limits hit: ").append(String.join("; ", v.limitsHit())).append("  \n");
			}
			Map<String, Long> outcomes = v.outcomes();
			if (!outcomes.isEmpty()) {
				md.append("orders_placed during the load: ")
					.append(outcomes.entrySet()
						.stream()
						.map((e) -> e.getKey() + " " + e.getValue())
						.collect(Collectors.joining(", ")))
					.append("  \n");
			}
			v.run().forEach((name, value) -> md.append(name).append(": ").append(value).append("  \n"));
			if (v.gatlingReport() != null) {
				md.append("Gatling report: [")
					.append(v.gatlingReport())
					.append("](")
					.append(v.gatlingReport())
					.append(")\n");
			}
		}
		List<Finding> appFindings = summary.findings()
			.stream()
			.filter((f) -> f.severity() == Finding.Severity.APP)
			.toList();
		md.append("\n## Findings about the apps\n\n");
		if (w.remote() != null) {
			md.append("Unavailable remotely: the apps' threads are not on this machine.\n");
		}
		else if (appFindings.isEmpty()) {
			md.append("No app thread used more than ")
				.append(Math.round(ThreadCpu.SATURATED * 100))
				.append(" % of a core in any step.\n");
		}
		appFindings.forEach((f) -> md.append("- **")
			.append(f.variant())
			.append("** at ")
			.append(num(f.offered()))
			.append(" (step ")
			.append(f.step())
			.append("): ")
			.append(f.message())
			.append('\n'));
		md.append("\n## Harness check\n\n");
		List<Finding> findings = summary.findings()
			.stream()
			.filter((f) -> f.severity() != Finding.Severity.APP)
			.toList();
		if (findings.isEmpty()) {
			md.append("No findings: every rule held in every step.\n");
		}
		else {
			md.append("| variant | rule | severity | step | offered | measured |\n|---|---|---|---:|---:|---|\n");
			findings.forEach((f) -> md.append("| ")
				.append(f.variant())
				.append(" | ")
				.append(f.rule())
				.append(" | ")
				.append(f.severity())
				.append(" | ")
				.append((f.step() != null) ? f.step() : "run")
				.append(" | ")
				.append(num(f.offered()))
				.append(" | ")
				.append(cell(f.message()))
				.append(" |\n"));
		}
		Provenance provenance = summary.provenance();
		if (provenance != null) {
			md.append("\n## Provenance\n\n");
			md.append("- commit ")
				.append(provenance.commit())
				.append(provenance.dirty() ? " (with uncommitted changes)" : "")
				.append('\n');
			md.append("- JDK ").append(provenance.jdk()).append("; kernel ").append(provenance.kernel());
			md.append("; CPU ").append(provenance.cpu()).append('\n');
			if (provenance.speed() != null && !provenance.speed().readings().isEmpty()) {
				md.append("- CPU speed on the app's CPUs: ").append(provenance.speed().describe()).append('\n');
			}
			md.append("- ")
				.append(provenance.libraries()
					.entrySet()
					.stream()
					.map((e) -> e.getKey() + " " + e.getValue())
					.collect(Collectors.joining(", ")))
				.append('\n');
		}
		md.append("\n## Settings\n\n");
		List<String> ids = w.variants();
		md.append("| group | setting | ")
			.append(String.join(" | ", ids))
			.append(" |\n|---|---|")
			.append("---|".repeat(ids.size()))
			.append('\n');
		for (SettingRow row : summary.settings()) {
			md.append("| ")
				.append(row.group())
				.append(" | ")
				.append(cell(row.name()))
				.append(row.differs() ? " (differs)" : "")
				.append(" | ");
			if (row.values().containsKey(SettingRow.ALL)) {
				md.append(cell(row.values().get(SettingRow.ALL))).append(" |").append(" |".repeat(ids.size() - 1));
			}
			else {
				md.append(ids.stream()
					.map((id) -> cell(row.values().getOrDefault(id, "-")))
					.collect(Collectors.joining(" | "))).append(" |");
			}
			md.append('\n');
		}
		return md.toString();
	}

	private static void overload(Summary summary, StringBuilder md) {
		List<VariantSummary> overloaded = summary.variants().stream().filter((v) -> v.overload() != null).toList();
		if (!overloaded.isEmpty()) {
			md.append("\n## Overload: goodput beyond the knee\n\n");
			md.append("| variant | knee | level | offered | goodput/s | % of knee | p99 served (ms) | 503/s "
					+ "| of them after admission | 503 p99 (ms) | timeouts |\n");
			md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
			for (VariantSummary v : overloaded) {
				List<Overload.Level> levels = v.overload().levels();
				for (int i = 0; i < levels.size(); i++) {
					Overload.Level level = levels.get(i);
					Long late = (i < v.steps().size()) ? v.steps().get(i).refusedAfterAdmission() : null;
					md.append(
							String.format(Locale.ROOT, "| %s | %s | %sx | %s | %s | %s | %d | %s | %s | %d | %d |%n",
									v.label(), num(v.overload().knee()), num(level.multiple()), num(level.offered()),
									num(level.goodput()),
									(level.goodputShare() != null) ? num(Math.round(level.goodputShare() * 100)) + " %"
											: "-",
									level.p99Ms(), num(level.refusedPerSecond()),
									(late != null) ? late.toString() : "-", level.refusedP99Ms(), level.timeouts()));
				}
			}
			md.append("\n*of them after admission*: 503s the app gave after it had admitted the order (the queue "
					+ "budget ran out, or the DB pool wait) - they waited before their answer; the others were "
					+ "refused at the door (scheduling lag, adaptive limit, memory guard).\n");
			md.append('\n');
			for (VariantSummary v : overloaded) {
				md.append("- **")
					.append(v.label())
					.append("**: back within the SLO ")
					.append((v.overload().recoverySeconds() != null) ? v.overload().recoverySeconds() + " s" : "never")
					.append(" after the overload; ")
					.append(v.overload().missed().isEmpty() ? "every target met"
							: "missed: " + String.join("; ", v.overload().missed()))
					.append('\n');
			}
			repetitions(summary.overloadOverRepetitions(), md);
		}
		List<VariantSummary> cold = summary.variants().stream().filter((v) -> v.coldStart() != null).toList();
		if (!cold.isEmpty()) {
			md.append("\n## Cold start under traffic\n\n");
			for (VariantSummary v : cold) {
				md.append("- **")
					.append(v.label())
					.append("** at ")
					.append(num(v.coldStart().offered()))
					.append(" orders/s from the first second: ")
					.append((v.coldStart().secondsToSlo() != null)
							? "within the SLO after " + v.coldStart().secondsToSlo() + " s" : "never within the SLO")
					.append(v.coldStart().missedTargets().isEmpty() ? ""
							: " - missed: " + String.join(", ", v.coldStart().missedTargets()))
					.append('\n');
			}
			repetitions(summary.coldStartOverRepetitions(), md);
		}
	}

	/** The lines of {@link Summary#overloadOverRepetitions()} and the like, if any. */
	private static void repetitions(Map<String, String> lines, StringBuilder md) {
		if (!lines.isEmpty()) {
			md.append("\nOver the repetitions:\n\n");
			lines.forEach((id, line) -> md.append("- **").append(id).append("**: ").append(line).append('\n'));
		}
	}

	private static String range(Spread.Range range) {
		if (range.median() == null) {
			return "-";
		}
		return num(range.min()) + " / " + num(range.median()) + " / " + num(range.max());
	}

	/**
	 * A table's number: whole numbers without decimals, others with two; "-" for none.
	 */
	static String num(Number value) {
		if (value == null) {
			return "-";
		}
		double d = value.doubleValue();
		return (d == Math.rint(d)) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.2f", d);
	}

	private static String cell(String text) {
		return text.replace("|", "\\|").replace("\n", " ");
	}

}
