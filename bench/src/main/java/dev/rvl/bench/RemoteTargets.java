package dev.rvl.bench;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.rvl.bench.Finding.Severity;

/**
 * Apps the runner did not start ({@code --target VARIANT=URL}): on other hosts, in
 * containers, in a Kubernetes cluster. The runner then starts none of them, reads nothing
 * of them from {@code /proc} and holds no process handle of theirs: every app figure
 * comes from the app's own {@code /actuator/prometheus}. It still resets the database
 * they share ({@code --jdbc-url}) and the stub they call ({@code --stub-url}) before each
 * variant, and still runs Gatling here, whose CPU and schedule are checked as in a local
 * run.
 * <p>
 * Load only ever goes to loopback addresses or to the hosts named here, and to a
 * non-loopback host only with {@code --allow-remote-target}.
 *
 * @param apps each variant's app (API and actuator), in the variants' order
 * @param stub the partner stub the apps call
 * @param allowRemote whether hosts outside the loopback range may be targeted
 */
record RemoteTargets(Map<Variant, Address> apps, URI stub, boolean allowRemote) {

	/** No remote targets: the runner starts every app itself. */
	static final RemoteTargets NONE = new RemoteTargets(Map.of(), null, false);

	/**
	 * What the report cannot show for an app it only knows through its metrics endpoint.
	 */
	static final List<String> UNAVAILABLE = List.of("per-thread CPU (busiest threads, one-thread-saturated findings)",
			"RSS (app memory beyond the heap)", "flame graphs (async-profiler)", "full thread names (jcmd)",
			"GC pauses from the GC log (the longest pause per step; GC pause time and rate still come from Prometheus)",
			"start-up and shutdown time", "the packaged configuration (application*.yml of the jar)",
			"PostgreSQL's CPU (it runs with the apps, not here)");

	/**
	 * The rules about this machine's CPU, which in remote mode hosts only the harness.
	 */
	private static final Set<String> GENERATOR_HOST_RULES = Set.of("other-cpu", "machine-cpu", "harness-cpu",
			"cpu-steal");

	/** The options that only configure apps the runner starts itself. */
	private static final List<String> LOCAL_ONLY = List.of("--jvm-opts", "--app-nice", "--app-cpus", "--pool-size",
			"--acquire-timeout", "--max-in-flight", "--partner-timeout", "--partner-connect-timeout",
			"--partner-max-connections", "--profile", "--profile-step");

	RemoteTargets {
		apps = new LinkedHashMap<>(apps);
	}

	boolean enabled() {
		return !this.apps.isEmpty();
	}

	/**
	 * Checks and assembles the remote options.
	 * @param targets {@code --target}: each variant's API
	 * @param actuators {@code --target-actuator}: each variant's actuator, where it
	 * differs from the API
	 * @param stub {@code --stub-url}
	 * @param allowRemote {@code --allow-remote-target}
	 * @param variants the variants to run
	 * @param database whether {@code --jdbc-url} was given
	 * @param arguments the whole command line, to refuse options that need a local app
	 */
	static RemoteTargets of(Map<Variant, URI> targets, Map<Variant, URI> actuators, URI stub, boolean allowRemote,
			List<Variant> variants, boolean database, List<String> arguments) {
		if (targets.isEmpty()) {
			if (!actuators.isEmpty() || stub != null || allowRemote) {
				throw new IllegalArgumentException(
						"--target-actuator, --stub-url and --allow-remote-target only go with --target VARIANT=URL");
			}
			return NONE;
		}
		for (Variant variant : actuators.keySet()) {
			if (!targets.containsKey(variant)) {
				throw new IllegalArgumentException(
						"--target-actuator " + variant.id() + " without --target " + variant.id() + "=URL");
			}
		}
		Map<Variant, Address> apps = new LinkedHashMap<>();
		for (Variant variant : variants) {
			URI api = targets.get(variant);
			if (api == null) {
				throw new IllegalArgumentException("With --target every variant needs one: no --target " + variant.id()
						+ "=URL (or leave " + variant.id() + " out of --variants)");
			}
			apps.put(variant, new Address(api, actuators.getOrDefault(variant, api)));
		}
		if (stub == null) {
			throw new IllegalArgumentException(
					"--target needs --stub-url URL: the partner stub the apps call (its faults are reset before each "
							+ "variant and its own latency is checked)");
		}
		if (!database) {
			throw new IllegalArgumentException("--target needs --jdbc-url (and --db-user, --db-password): the "
					+ "database the apps use, which is reset to the seed before each variant");
		}
		for (String option : LOCAL_ONLY) {
			if (arguments.contains(option)) {
				throw new IllegalArgumentException(option + " configures apps the runner starts; with --target "
						+ "configure the apps where they run");
			}
		}
		int isolation = arguments.indexOf("--isolation");
		if (isolation >= 0 && isolation + 1 < arguments.size()
				&& CpuIsolation.Mode.of(arguments.get(isolation + 1)) == CpuIsolation.Mode.CPUSET) {
			throw new IllegalArgumentException("--isolation cpuset pins apps the runner starts; with --target the "
					+ "apps run elsewhere (pin them there, e.g. cpuset in compose or a dedicated node)");
		}
		RemoteTargets remote = new RemoteTargets(apps, stub, allowRemote);
		for (URI uri : remote.urls()) {
			checkHost(uri, allowRemote);
		}
		return remote;
	}

	/** {@code reactive=URL} or {@code reactive=URL,loom=URL}. */
	static Map<Variant, URI> pairs(String option, String text) {
		Map<Variant, URI> pairs = new EnumMap<>(Variant.class);
		for (String part : text.split(",")) {
			int equals = part.indexOf('=');
			if (equals < 1) {
				throw new IllegalArgumentException(
						option + " needs VARIANT=URL, e.g. reactive=http://10.0.0.5:8081, not '" + part + "'");
			}
			pairs.put(Variant.of(part.substring(0, equals)), url(option, part.substring(equals + 1)));
		}
		return pairs;
	}

	/**
	 * An {@code http(s)://host:port} URL; a path is refused, because the runner and
	 * Gatling append the API's absolute paths to it.
	 */
	static URI url(String option, String text) {
		URI uri;
		try {
			uri = URI.create(text.strip());
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(option + " needs a URL like http://host:8081, not '" + text + "'");
		}
		String scheme = (uri.getScheme() != null) ? uri.getScheme().toLowerCase(Locale.ROOT) : "";
		if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
			throw new IllegalArgumentException(
					option + " needs an http:// or https:// URL with a host, not '" + text + "'");
		}
		if (uri.getRawPath() != null && !uri.getRawPath().isEmpty() && !uri.getRawPath().equals("/")
				|| uri.getRawQuery() != null) {
			throw new IllegalArgumentException(
					option + " takes scheme, host and port only (no path), not '" + text + "'");
		}
		return URI.create(scheme + "://" + uri.getRawAuthority());
	}

	/**
	 * Refuses a host outside the loopback range unless remote targets are allowed.
	 */
	static void checkHost(URI uri, boolean allowRemote) {
		if (!allowRemote && !loopback(uri.getHost())) {
			throw new IllegalArgumentException(uri + " is not a loopback address: load only goes to hosts named "
					+ "with --target on purpose; add --allow-remote-target to drive an app on another host");
		}
	}

	/**
	 * Whether every address the host name stands for is a loopback address (127/8, ::1).
	 */
	static boolean loopback(String host) {
		if (host == null || host.isBlank()) {
			return false;
		}
		try {
			InetAddress[] addresses = InetAddress.getAllByName(host.replaceAll("^\\[|\\]$", ""));
			for (InetAddress address : addresses) {
				if (!address.isLoopbackAddress()) {
					return false;
				}
			}
			return addresses.length > 0;
		}
		catch (UnknownHostException ex) {
			return false;
		}
	}

	/** Every URL the runner sends requests to in remote mode. */
	List<URI> urls() {
		List<URI> urls = new ArrayList<>();
		this.apps.values().forEach((address) -> {
			urls.add(address.api());
			urls.add(address.actuator());
		});
		if (this.stub != null) {
			urls.add(this.stub);
		}
		return urls;
	}

	/** The hosts load may go to: those named with {@code --target} and the stub's. */
	Set<String> hosts() {
		Set<String> hosts = new LinkedHashSet<>();
		urls().forEach((uri) -> hosts.add(uri.getHost()));
		return hosts;
	}

	/** The app of a variant, as a {@link Target}. */
	RemoteTarget target(Variant variant) {
		Address address = this.apps.get(variant);
		if (address == null) {
			throw new IllegalArgumentException("No --target for " + variant.id());
		}
		return new RemoteTarget(address.api(), address.actuator());
	}

	/**
	 * In remote mode this machine runs only the harness (Gatling, the runner, perhaps
	 * PostgreSQL): its CPU figures say whether the generator had room, which the
	 * generator's own rules (rate, lag, CPU share) already decide. The rules about the
	 * machine's CPU as a whole are kept as warnings, not as reasons to discard the run.
	 */
	List<Finding> onGeneratorHost(List<Finding> findings) {
		if (!enabled()) {
			return findings;
		}
		return findings.stream()
			.map((finding) -> GENERATOR_HOST_RULES.contains(finding.rule()) && finding.severity() == Severity.INVALID
					? new Finding(finding.variant(), finding.rule(), Severity.WARNING, finding.step(),
							finding.offered(),
							"on the generator's host, not the app's (a warning with --target): " + finding.message())
					: finding)
			.toList();
	}

	/** For the report, or {@code null} when the runner started the apps. */
	Note note() {
		if (!enabled()) {
			return null;
		}
		Map<String, String> targets = new LinkedHashMap<>();
		this.apps.forEach((variant, address) -> targets.put(variant.id(), address.api()
				+ (address.actuator().equals(address.api()) ? "" : " (actuator " + address.actuator() + ")")));
		return new Note(targets, this.stub.toString(),
				"every app figure (CPU from process_cpu_time_ns_total, heap, GC, platform and virtual threads, DB "
						+ "pool, orders in flight) comes from the app's own /actuator/prometheus, once a second: the "
						+ "runner started none of the apps, read nothing of them from /proc and held no process of "
						+ "theirs; only Gatling and the runner are measured here, as in a local run",
				UNAVAILABLE);
	}

	/**
	 * The fairness table's rows about how the runner started the apps, replaced by what
	 * it knows of apps it did not start.
	 */
	List<SettingRow> settings(List<SettingRow> rows, List<VariantResult> results) {
		if (!enabled()) {
			return rows;
		}
		Set<String> startedHere = Set.of("JVM flags", "scheduling", "runner's instruments (JVM flags)", "jar",
				"profile arguments", "database URL (env)", "actuator");
		List<SettingRow> replaced = new ArrayList<>();
		boolean targetsAdded = false;
		for (SettingRow row : rows) {
			boolean apps = "apps".equals(row.group());
			if (apps && (startedHere.contains(row.name()) || row.name().endsWith(" (command line)"))) {
				if (!targetsAdded) {
					replaced.add(targetsRow(results));
					replaced.add(SettingRow.shared("apps", "started by",
							"whoever runs the targets (not this runner): JVM flags, limits and settings as configured "
									+ "there; what the apps report about themselves is under 'observed at run time'"));
					targetsAdded = true;
				}
				continue;
			}
			if ("stub".equals(row.group()) && "JVM flags".equals(row.name())) {
				replaced.add(SettingRow.shared("stub", "where", this.stub + " (not started by this runner)"));
				continue;
			}
			if ("load generator".equals(row.group()) && "connections".equals(row.name())) {
				replaced.add(SettingRow.shared("load generator", "connections",
						"HTTP/1.1 keep-alive, one connection per virtual user, request timeout 10 s, targets as above"));
				continue;
			}
			replaced.add(row);
		}
		return replaced;
	}

	private SettingRow targetsRow(List<VariantResult> results) {
		Map<String, String> values = new LinkedHashMap<>();
		results.forEach((result) -> {
			Address address = this.apps.get(result.variant());
			values.put(result.variant().id(),
					(address != null) ? address.api()
							+ (address.actuator().equals(address.api()) ? "" : ", actuator " + address.actuator())
							: "-");
		});
		return SettingRow.perVariant("apps", "remote target (--target)", values);
	}

	/**
	 * One app's addresses.
	 *
	 * @param api where the API is ({@code /api/orders}, ...)
	 * @param actuator where the actuator is ({@code /actuator/prometheus},
	 * {@code /actuator/health/readiness})
	 */
	record Address(URI api, URI actuator) {
	}

	/**
	 * What the report says about remote targets.
	 *
	 * @param targets each variant's URL
	 * @param stub the stub's URL
	 * @param figures where the app figures came from
	 * @param unavailable what a remote run cannot show
	 */
	record Note(Map<String, String> targets, String stub, String figures, List<String> unavailable) {
	}

}
