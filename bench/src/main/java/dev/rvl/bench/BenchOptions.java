package dev.rvl.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runner's command line. Everything has a default; a preset picks the partner
 * latency, the SLO and the load plan, and single options override it.
 *
 * @param root the project root
 * @param out where result directories are created
 * @param workload the preset
 * @param quick whether to use the preset's quick plan
 * @param variants the variants, in running order
 * @param simulation the Gatling simulation
 * @param plan the load plan
 * @param partnerLatency the stub's latency per partner call
 * @param sloP99Ms the SLO on the primary request's p99
 * @param idealDbMs the DB allowance in the ideal latency (Little's law reference)
 * @param app the settings every app gets
 * @param database a configured database, or empty for the local one
 * @param limits the harness check's limits
 * @param profile whether the apps run under async-profiler (flame graphs in the report)
 * @param profileStep the step whose flame graphs the report shows, or {@code null} for
 * each variant's knee
 * @param isolation which CPUs the app and the harness get
 * @param search whether to search the knee between the stairs' last held and first
 * failing level
 * @param repeat how many times the whole comparison runs
 * @param seed the seed of the variants' running order (balanced over the repetitions)
 * @param knees each variant's knee (orders/s), for the overload and cold-start
 * simulations
 * @param remote apps the runner did not start ({@code --target}), or
 * {@link RemoteTargets#NONE}
 * @param connections how Gatling's virtual users connect to the app
 * @param aotCache whether each app runs from a JDK AOT cache trained just before its run
 * ({@link AotCache})
 */
record BenchOptions(Path root, Path out, Workload workload, boolean quick, List<Variant> variants,
		Simulation simulation, LoadPlan plan, Duration partnerLatency, long sloP99Ms, long idealDbMs, AppSettings app,
		Optional<ConfiguredDatabase> database, HarnessLimits limits, boolean profile, Integer profileStep,
		CpuIsolation isolation, boolean search, int repeat, long seed, Map<Variant, Double> knees, RemoteTargets remote,
		Connections connections, boolean aotCache) {

	static final String USAGE = """
			Usage: bench/compare.sh [options]
			  --quick                   short run (CI): 5-7 minutes for the three variants here; the JIT
			                            settle check once, 5 s (held up to 180 s otherwise)
			  --preset NAME             standard (100 ms partners, default) | slow-partner (3 s) | fast-partner (10 ms)
			  --variants LIST           comma-separated (default reactive,loom,platform); the running order is
			                            drawn from --seed and balanced over the repetitions
			  --repeat N                run the whole comparison N times: min / median / max of every headline
			                            figure, the spread of each knee, differences within the spread marked
			  --seed N                  seed of the running order (default: random, printed in the report)
			  --no-search               no knee search (default: after the stairs, bisect between the last held and
			                            the first failing level to 5 %; --quick skips it)
			  --simulation NAME         stairs (default) | concurrency | spike | soak | bulk | overload | cold-start
			  --knee N | V=N,V=N        overload, cold-start: the knee (orders/s), one for all or per variant
			  --knee-from FILE          overload, cold-start: each variant's knee from a summary.json
			  --rates FROM:TO:STEPS     offered load levels (orders/s; users or bulk streams for concurrency/bulk)
			  --step-seconds N          seconds per level          --ramp-seconds N   seconds between levels
			  --hold-seconds N          extra seconds at the top   --warmup-seconds N warm-up, excluded
			  --partner-latency DUR     stub latency per partner call (e.g. 100ms, 1s)
			  --connections MODE        shared (default): Gatling's users share one keep-alive pool, as a gateway in
			                            front of the app does; per-user: a connection per virtual user (per order)
			  --slo-p99-ms N            SLO on the p99 of POST /api/orders (bulk: of the bulk request)
			  --ideal-db-ms N           DB allowance of the ideal latency (default 10)
			  --jvm-opts "FLAGS"        JVM flags of every app (default -Xms512m -Xmx512m -XX:+UseG1GC)
			  --isolation MODE          cpuset (default on Linux with 2+ CPUs): the app on CPUs of its own, the harness
			                            (Gatling, stub, PostgreSQL, runner) on the rest, with taskset; none: all share
			  --app-cpus N              CPUs for the app with --isolation cpuset (default: half, at least one)
			  --app-cpu-quota CORES     at most this much CPU time per second for every app (cgroup quota, e.g. 0.4):
			                            keeps the knees, and 4 x the knee, within what a small machine's harness offers
			  --app-cpu-quota-period DUR  the quota's period (default 100ms, the kernel's): the longest stop of an
			                            app that used its share early in a period is (1 - CORES) x DUR
			  --app-nice N              run every app under nice -n N (default 0 with isolation, else 5), so on a
			                            shared machine the generator and the stub keep their CPU
			  --pool-size N  --acquire-timeout DUR  --max-in-flight N
			  --partner-timeout DUR  --partner-connect-timeout DUR  --partner-max-connections N
			  --jdbc-url URL  --db-user USER  --db-password PW   a configured PostgreSQL (else the local one;
			                            BENCH_DB_PASSWORD works too)
			  --target VARIANT=URL      drive an app the runner did not start (repeatable; e.g. --target
			                            reactive=http://10.0.0.5:8081): no app is started, none is read from /proc,
			                            every app figure comes from URL/actuator/prometheus; the variants run are
			                            those with a target. Needs --stub-url and --jdbc-url (both are reset)
			  --target-actuator VARIANT=URL  the app's actuator when it is on another port (default: the target URL)
			  --stub-url URL            with --target: the partner stub the apps call, started with the preset's
			                            latency (or give --partner-latency)
			  --allow-remote-target     with --target: allow hosts outside 127.0.0.0/8 (load goes there on purpose)
			  --aot-cache               start each app from a JDK AOT cache (JEP 483/514/515) trained just before its
			                            run: the jar extracted, 60 s of the warm-up's load, the cache written at exit
			                            (classes loaded and linked, method profiles); default: a plain JVM
			  --no-profile              run the apps without async-profiler (on by default: CPU samples every 10 ms)
			  --profile-step N          the step (0 = first) whose flame graphs the report shows (default: each knee)
			  --out DIR                 results parent directory (default <root>/bench/results)
			  --root DIR                project root (default: current directory)
			  --no-build                (compare.sh) skip the Maven build
			  --machine-speed           only probe the speed of the app's CPUs three times (about 10 s) and exit: the
			                            figure every report and published table carries, to compare machines
			Exit code: 0 valid report, 1 report written but NOT VALID (harness bottleneck), 2 run failed, 64 usage.
			""";

	BenchOptions {
		variants = List.copyOf(variants);
		if (variants.isEmpty()) {
			throw new IllegalArgumentException("At least one variant");
		}
	}

	static BenchOptions parse(List<String> arguments) {
		Path root = Path.of("").toAbsolutePath();
		Path out = null;
		Workload workload = Workload.STANDARD;
		boolean quick = false;
		List<Variant> variants = List.of(Variant.values());
		Simulation simulation = Simulation.STAIRS;
		double[] rates = null;
		Long step = null;
		Long ramp = null;
		Long hold = null;
		Long warmup = null;
		Duration latency = null;
		Long slo = null;
		long idealDb = 10;
		AppSettings defaults = AppSettings.defaults();
		List<String> jvm = defaults.jvmOptions();
		Integer nice = null;
		CpuIsolation.Mode isolationMode = CpuIsolation.Mode.CPUSET;
		Connections connections = Connections.SHARED;
		Integer appCpus = null;
		CpuQuota quota = CpuQuota.NONE;
		int pool = defaults.poolSize();
		Duration acquire = defaults.acquireTimeout();
		int inFlight = defaults.maxInFlight();
		Duration partnerTimeout = null;
		Duration connectTimeout = defaults.partnerConnectTimeout();
		int maxConnections = defaults.partnerMaxConnections();
		String jdbcUrl = null;
		String user = "postgres";
		String password = System.getenv().getOrDefault("BENCH_DB_PASSWORD", "postgres");
		boolean profile = true;
		Integer profileStep = null;
		Boolean search = null;
		int repeat = 1;
		long seed = new java.util.Random().nextInt(1_000_000);
		Map<Variant, Double> knees = new java.util.EnumMap<>(Variant.class);
		Map<Variant, java.net.URI> targets = new java.util.EnumMap<>(Variant.class);
		Map<Variant, java.net.URI> actuators = new java.util.EnumMap<>(Variant.class);
		java.net.URI stubUrl = null;
		boolean allowRemote = false;
		boolean aotCache = false;
		Iterator<String> args = arguments.iterator();
		while (args.hasNext()) {
			String arg = args.next();
			switch (arg) {
				case "--quick" -> quick = true;
				case "--preset" -> workload = Workload.of(value(arg, args));
				case "--variants" -> variants = Arrays.stream(value(arg, args).split(","))
					.filter((id) -> !id.isBlank())
					.map(Variant::of)
					.distinct()
					.toList();
				case "--simulation" -> simulation = Simulation.of(value(arg, args));
				case "--rates" -> rates = rates(value(arg, args));
				case "--step-seconds" -> step = positive(arg, args);
				case "--ramp-seconds" -> ramp = notNegative(arg, args);
				case "--hold-seconds" -> hold = notNegative(arg, args);
				case "--warmup-seconds" -> warmup = notNegative(arg, args);
				case "--partner-latency" -> latency = duration(arg, value(arg, args));
				case "--slo-p99-ms" -> slo = positive(arg, args);
				case "--ideal-db-ms" -> idealDb = notNegative(arg, args);
				case "--jvm-opts" -> jvm = List.of(value(arg, args).strip().split("\\s+"));
				case "--app-nice" -> nice = (int) notNegative(arg, args);
				case "--isolation" -> isolationMode = CpuIsolation.Mode.of(value(arg, args));
				case "--connections" -> connections = Connections.of(value(arg, args));
				case "--app-cpus" -> appCpus = (int) positive(arg, args);
				case "--app-cpu-quota" -> quota = new CpuQuota(fraction(arg, value(arg, args)), quota.period());
				case "--app-cpu-quota-period" -> quota = quota.withPeriod(duration(arg, value(arg, args)));
				case "--pool-size" -> pool = (int) positive(arg, args);
				case "--acquire-timeout" -> acquire = duration(arg, value(arg, args));
				case "--max-in-flight" -> inFlight = (int) positive(arg, args);
				case "--partner-timeout" -> partnerTimeout = duration(arg, value(arg, args));
				case "--partner-connect-timeout" -> connectTimeout = duration(arg, value(arg, args));
				case "--partner-max-connections" -> maxConnections = (int) positive(arg, args);
				case "--jdbc-url" -> jdbcUrl = value(arg, args);
				case "--db-user" -> user = value(arg, args);
				case "--db-password" -> password = value(arg, args);
				case "--no-profile" -> profile = false;
				case "--aot-cache" -> aotCache = true;
				case "--no-search" -> search = false;
				case "--search" -> search = true;
				case "--repeat" -> repeat = (int) positive(arg, args);
				case "--seed" -> seed = number(arg, value(arg, args));
				case "--knee" -> knees.putAll(knees(value(arg, args)));
				case "--knee-from" -> knees.putAll(KneeFile.read(Path.of(value(arg, args))));
				case "--profile" -> profile = true;
				case "--target" -> targets.putAll(RemoteTargets.pairs(arg, value(arg, args)));
				case "--target-actuator" -> actuators.putAll(RemoteTargets.pairs(arg, value(arg, args)));
				case "--stub-url" -> stubUrl = RemoteTargets.url(arg, value(arg, args));
				case "--allow-remote-target" -> allowRemote = true;
				case "--profile-step" -> profileStep = (int) notNegative(arg, args);
				case "--out" -> out = Path.of(value(arg, args));
				case "--root" -> root = Path.of(value(arg, args)).toAbsolutePath();
				default -> throw new IllegalArgumentException("Unknown option " + arg);
			}
		}
		if (!quota.set() && arguments.contains("--app-cpu-quota-period")) {
			throw new IllegalArgumentException("--app-cpu-quota-period needs --app-cpu-quota");
		}
		if (!targets.isEmpty() && !arguments.contains("--variants")) {
			// the variants run are those with a target, in the usual order
			variants = List.of(Variant.values()).stream().filter(targets::containsKey).toList();
		}
		RemoteTargets remote = RemoteTargets.of(targets, actuators, stubUrl, allowRemote, variants, jdbcUrl != null,
				arguments);
		if (remote.enabled()) {
			// the apps run elsewhere: nothing to pin here, no profiler to attach
			isolationMode = CpuIsolation.Mode.NONE;
			profile = false;
			if (simulation == Simulation.COLD_START) {
				throw new IllegalArgumentException("--simulation cold-start starts the apps itself: not with --target");
			}
			if (aotCache) {
				throw new IllegalArgumentException("--aot-cache trains the apps the runner starts: not with --target");
			}
		}
		for (Variant variant : variants) {
			if (simulation.needsKnee() && !knees.containsKey(variant)) {
				throw new IllegalArgumentException("--simulation " + simulation.id() + " needs the knee of "
						+ variant.id() + ": --knee N, --knee " + variant.id() + "=N or --knee-from <summary.json>");
			}
		}
		LoadPlan plan = workload.plan(quick);
		if (simulation == Simulation.COLD_START) {
			// cold means cold: no warm-up
			plan = plan.withTimes(Workload.COLD_START_SECONDS, 0L, 0L, 0L);
		}
		if (rates != null) {
			plan = plan.withRates(rates[0], rates[1], (int) rates[2]);
		}
		plan = plan.withTimes(step, ramp, hold, warmup);
		if (jdbcUrl != null && !jdbcUrl.startsWith("jdbc:postgresql:")) {
			throw new IllegalArgumentException("--jdbc-url must be a jdbc:postgresql: URL");
		}
		CpuIsolation isolation = (isolationMode == CpuIsolation.Mode.CPUSET && !CpuIsolation.available())
				? CpuIsolation.none(CpuIsolation.allowedCpus())
				: CpuIsolation.of(isolationMode, CpuIsolation.allowedCpus(), appCpus);
		if (nice == null) {
			// isolation keeps the app off the harness's CPUs; nice is moot then
			nice = isolation.isolated() ? 0 : defaults.nice();
		}
		AppSettings app = new AppSettings(jvm, nice, pool, acquire, inFlight,
				(partnerTimeout != null) ? partnerTimeout : workload.partnerTimeout(), connectTimeout, maxConnections,
				defaults.partnerRetries(), defaults.bulkConcurrency(), defaults.bulkBuffer(), quota);
		return new BenchOptions(root, (out != null) ? out.toAbsolutePath() : root.resolve("bench/results"), workload,
				quick, variants, simulation, plan, (latency != null) ? latency : workload.partnerLatency(),
				(slo != null) ? slo : simulation.sloP99Ms(workload.sloP99Ms(), app.bulkConcurrency()), idealDb, app,
				(jdbcUrl != null) ? Optional.of(new ConfiguredDatabase(jdbcUrl, user, password)) : Optional.empty(),
				HarnessLimits.defaults(), profile, profileStep, isolation,
				(search != null) ? search : !quick && simulation == Simulation.STAIRS, repeat, seed, Map.copyOf(knees),
				remote, connections, aotCache);
	}

	/**
	 * Partner latency + the DB allowance: what an order takes with no queueing at all.
	 */
	long idealLatencyMs() {
		return this.partnerLatency.toMillis() + this.idealDbMs;
	}

	/** The options as given, for the report (password hidden). */
	List<String> describe() {
		List<String> lines = new ArrayList<>();
		lines.add("preset " + this.workload.id() + (this.quick ? " (quick)" : ""));
		lines.add("simulation " + this.simulation.id());
		lines.add("plan " + this.plan);
		lines.add(this.repeat + " repetition" + ((this.repeat > 1) ? "s" : "") + ", running order from seed "
				+ this.seed);
		lines.add("knee search " + (this.search ? "on" : "off"));
		lines.add("connections " + this.connections.id());
		if (this.aotCache) {
			lines.add("AOT cache trained per run");
		}
		if (this.remote.enabled()) {
			lines.add("remote targets " + this.remote.note().targets() + ", stub " + this.remote.stub());
		}
		return lines;
	}

	private static String value(String option, Iterator<String> args) {
		if (!args.hasNext()) {
			throw new IllegalArgumentException(option + " needs a value");
		}
		return args.next();
	}

	private static long positive(String option, Iterator<String> args) {
		long value = number(option, value(option, args));
		if (value < 1) {
			throw new IllegalArgumentException(option + " must be at least 1");
		}
		return value;
	}

	private static long notNegative(String option, Iterator<String> args) {
		long value = number(option, value(option, args));
		if (value < 0) {
			throw new IllegalArgumentException(option + " must not be negative");
		}
		return value;
	}

	private static long number(String option, String text) {
		try {
			return Long.parseLong(text.strip());
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(option + " needs a whole number, not '" + text + "'");
		}
	}

	/** {@code 450} (every variant) or {@code reactive=450,loom=500}. */
	static Map<Variant, Double> knees(String text) {
		Map<Variant, Double> knees = new java.util.EnumMap<>(Variant.class);
		try {
			if (!text.contains("=")) {
				double knee = Double.parseDouble(text.strip());
				for (Variant variant : Variant.values()) {
					knees.put(variant, knee);
				}
				return knees;
			}
			for (String part : text.split(",")) {
				String[] pair = part.split("=");
				knees.put(Variant.of(pair[0]), Double.parseDouble(pair[1].strip()));
			}
			return knees;
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException("--knee needs N or variant=N,variant=N, e.g. reactive=450,loom=500");
		}
	}

	private static double fraction(String option, String text) {
		try {
			double value = Double.parseDouble(text.strip());
			if (value > 0) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// below
		}
		throw new IllegalArgumentException(option + " needs a positive number of cores, e.g. 0.4, not '" + text + "'");
	}

	static double[] rates(String text) {
		String[] parts = text.split(":");
		try {
			if (parts.length != 3) {
				throw new NumberFormatException();
			}
			double[] rates = { Double.parseDouble(parts[0]), Double.parseDouble(parts[1]), Integer.parseInt(parts[2]) };
			if (rates[0] <= 0 || rates[1] < rates[0] || rates[2] < 1) {
				throw new NumberFormatException();
			}
			return rates;
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("--rates needs FROM:TO:STEPS with 0 < FROM <= TO, e.g. 50:400:8");
		}
	}

	static Duration duration(String option, String text) {
		Matcher matcher = Pattern.compile("(\\d+)(ms|s|m)").matcher(text.strip().toLowerCase(Locale.ROOT));
		if (!matcher.matches()) {
			throw new IllegalArgumentException(option + " needs a duration like 500ms, 2s or 1m, not '" + text + "'");
		}
		long amount = Long.parseLong(matcher.group(1));
		return switch (matcher.group(2)) {
			case "ms" -> Duration.ofMillis(amount);
			case "s" -> Duration.ofSeconds(amount);
			default -> Duration.ofMinutes(amount);
		};
	}

	/**
	 * A database given on the command line.
	 *
	 * @param jdbcUrl JDBC URL
	 * @param user user
	 * @param password password
	 */
	record ConfiguredDatabase(String jdbcUrl, String user, String password) {
	}

}
