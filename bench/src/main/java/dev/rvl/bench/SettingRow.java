package dev.rvl.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One line of the fairness table: a setting and its value for each variant (one value
 * under {@value #ALL} when it cannot differ). Rows whose values differ between variants
 * are flagged, so every knob that differs is visible.
 *
 * @param group machine, apps, app configuration, stub, database, load generator, harness
 * @param name the setting
 * @param values by variant id, or under {@value #ALL}
 * @param differs whether the variants' values differ
 */
record SettingRow(String group, String name, Map<String, String> values, boolean differs) {

	static final String ALL = "all";

	static SettingRow shared(String group, String name, String value) {
		return new SettingRow(group, name, Map.of(ALL, value), false);
	}

	static SettingRow perVariant(String group, String name, Map<String, String> values) {
		return new SettingRow(group, name, values, new LinkedHashSet<>(values.values()).size() > 1);
	}

	static List<SettingRow> table(BenchOptions options, List<VariantResult> results, Map<String, String> database,
			BenchDatabase db, StubProcess stub, MachineInfo machine) {
		List<SettingRow> rows = new ArrayList<>();
		machine.details().forEach((name, value) -> rows.add(shared("machine", name, value)));
		AppSettings app = options.app();
		rows.add(perVariant("apps", "JVM flags", byVariant(results, (result) -> String.join(" ", app.jvmOptions()))));
		rows.add(shared("machine", "CPU isolation", options.isolation().describe()));
		rows.add(shared("machine", "app CPU quota", options.app().cpuQuota().describe()));
		rows.add(perVariant("apps", "scheduling", byVariant(results, (result) -> (app.nice() > 0)
				? "nice -n " + app.nice() + " (generator, stub, PostgreSQL at 0)" : "nice 0")));
		rows.add(perVariant("apps", "runner's instruments (JVM flags)",
				byVariant(results,
						(result) -> "-Xlog:gc (GC log)" + ((result.instruments().profile() != null)
								? "; async-profiler agent, event=cpu interval=" + Profiler.INTERVAL + " (flame graphs)"
								: "; no profiler"))));
		rows.add(perVariant("apps", "jar", byVariant(results,
				(result) -> (result.app() != null) ? jarOf(result.app().command()) : result.variant().module())));
		rows.add(perVariant("apps", "AOT cache (--aot-cache)",
				byVariant(results, (result) -> (result.app() != null) ? aotCacheOf(result.app().command()) : "-")));
		rows.add(perVariant("apps", "profile arguments",
				byVariant(results, (result) -> String.join(" ", result.variant().ownArguments()))));
		app.properties()
			.forEach((name, value) -> rows
				.add(perVariant("apps", name + " (command line)", byVariant(results, (result) -> value))));
		rows.add(perVariant("apps", "database URL (env)",
				byVariant(results, (result) -> db.jdbcUrl() + " / " + db.r2dbcUrl())));
		rows.add(perVariant("apps", "actuator", byVariant(results, (result) -> "separate management port")));
		Set<String> observed = new TreeSet<>();
		results.forEach((result) -> observed.addAll(result.observed().keySet()));
		observed.forEach((name) -> rows.add(perVariant("observed at run time", name,
				byVariant(results, (result) -> result.observed().getOrDefault(name, "-")))));
		Set<String> keys = new TreeSet<>();
		results.forEach((result) -> keys.addAll(result.config().keySet()));
		keys.forEach((key) -> rows.add(perVariant("app configuration (packaged)", key,
				byVariant(results, (result) -> result.config().getOrDefault(key, "-")))));
		rows.add(shared("framework defaults", "Tomcat (Spring Boot defaults unless configured above)",
				"max-connections 8192, accept-count 100, threads.max 200, threads.min-spare 10; "
						+ "with virtual threads one virtual thread per request"));
		rows.add(shared("framework defaults", "Reactor Netty",
				"event-loop threads max(cores, 4); no connection cap; listen backlog net.core.somaxconn"));
		rows.add(shared("stub", "latency per call (fraud score, shipping quote)",
				options.partnerLatency().toMillis() + " ms each, no jitter, no faults"));
		rows.add(shared("stub", "JVM flags", String.join(" ", StubProcess.JVM_OPTIONS)));
		rows.add(shared("database", "kind",
				db.local() ? "local PostgreSQL (embedded binaries), database bench" : "configured: " + db.jdbcUrl()));
		database.forEach((name, value) -> rows.add(shared("database", name, value)));
		rows.add(shared("database", "between variants", "reset to the seed, VACUUM ANALYZE, CHECKPOINT"));
		rows.add(shared("load generator", "Gatling", "JVM flags " + String.join(" ", GatlingRun.JVM_OPTIONS)));
		rows.add(shared("load generator", "simulation", options.simulation().className()));
		options.simulation()
			.properties(options.plan(), options.sloP99Ms())
			.forEach((name, value) -> rows.add(shared("load generator", "-D" + name, value)));
		rows.add(shared("load generator", "connections",
				options.connections().describe() + ", request timeout 10 s, target 127.0.0.1"));
		rows.add(shared("load generator", "warm-up",
				options.plan().warmupSeconds() + " s from " + LoadPlan.number(options.plan().warmupRate()) + " to "
						+ LoadPlan.number(options.plan().warmupPeak(options.simulation().openModel())) + " and back to "
						+ LoadPlan.number(options.plan().warmupRate())
						+ " orders/s from the runner, excluded; the load starts once no order is in flight"));
		HarnessLimits limits = options.limits();
		rows.add(shared("harness check", "limits", Benchmark.format(
				"generator sent >= %.0f %% of offered, at most %.1f s behind schedule; Gatling CPU <= %.0f %% of machine;"
						+ " PostgreSQL CPU <= %.0f %%; other processes <= %.2f cores; steal <= %.0f %%; stub p99 <= %.2f x"
						+ " latency + %d ms; samples >= %.0f %%; %s",
				limits.minSentRatio() * 100, limits.maxGeneratorLagSeconds(), limits.maxGeneratorShare() * 100,
				limits.maxPostgresShare() * 100, limits.maxOtherCores(), limits.maxStealShare() * 100,
				limits.stubP99Factor(), limits.stubP99SlackMs(), limits.minSampleCoverage() * 100,
				options.isolation().isolated()
						? Benchmark.format("harness CPUs busy <= %.0f %%", limits.maxHarnessBusyShare() * 100)
						: Benchmark.format("machine CPU busy <= %.0f %%", limits.maxMachineBusyShare() * 100))));
		return options.remote().settings(rows, results);
	}

	private static String jarOf(List<String> command) {
		int jar = command.indexOf("-jar");
		return (jar >= 0 && jar + 1 < command.size())
				? java.nio.file.Path.of(command.get(jar + 1)).getFileName().toString() : "?";
	}

	private static String aotCacheOf(List<String> command) {
		return command.stream()
			.filter((flag) -> flag.startsWith("-XX:AOTCache="))
			.map((flag) -> java.nio.file.Path.of(flag.substring(flag.indexOf('=') + 1)).getFileName()
					+ " from a training run of " + AotCache.TRAINING_SECONDS
					+ " s under the warm-up's load, just before; the jar extracted; -XX:AOTMode=on")
			.findFirst()
			.orElse("none (a plain JVM)");
	}

	private static Map<String, String> byVariant(List<VariantResult> results,
			java.util.function.Function<VariantResult, String> value) {
		Map<String, String> values = new LinkedHashMap<>();
		results.forEach((result) -> values.put(result.variant().id(), value.apply(result)));
		return values;
	}

}
