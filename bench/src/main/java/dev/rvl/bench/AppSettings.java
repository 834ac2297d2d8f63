package dev.rvl.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings every variant gets, identically (docs/design.md §4): passed as
 * command-line properties, so the report can print exactly what each app ran with.
 *
 * @param jvmOptions JVM flags
 * @param nice the apps' scheduling niceness ({@code nice -n}); 0 runs them like
 * everything else
 * @param poolSize {@code db.pool-size}
 * @param acquireTimeout {@code db.acquire-timeout}
 * @param maxInFlight {@code orders.max-in-flight}
 * @param partnerTimeout {@code partner.timeout}
 * @param partnerConnectTimeout {@code partner.connect-timeout}
 * @param partnerMaxConnections {@code partner.max-connections}
 * @param partnerRetries {@code partner.retries}
 * @param bulkConcurrency {@code orders.bulk.concurrency}
 * @param bulkBuffer {@code orders.bulk.buffer}
 * @param cpuQuota the app's CPU quota (none by default)
 */
record AppSettings(List<String> jvmOptions, int nice, int poolSize, Duration acquireTimeout, int maxInFlight,
		Duration partnerTimeout, Duration partnerConnectTimeout, int partnerMaxConnections, int partnerRetries,
		int bulkConcurrency, int bulkBuffer, CpuQuota cpuQuota) {

	static final List<String> DEFAULT_JVM_OPTIONS = List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC");

	/**
	 * On a machine that also hosts the generator, the stub and PostgreSQL, a saturated
	 * app would otherwise starve the generator (which then measures its own queueing) and
	 * the stub (which then answers late): a lower priority for the app keeps the harness
	 * honest, the same for every variant.
	 */
	static final int DEFAULT_NICE = 5;

	AppSettings {
		jvmOptions = List.copyOf(jvmOptions);
	}

	static AppSettings defaults() {
		return new AppSettings(DEFAULT_JVM_OPTIONS, DEFAULT_NICE, 20, Duration.ofMillis(500), 10_000,
				Duration.ofSeconds(2), Duration.ofSeconds(1), 2000, 0, 16, 64, CpuQuota.NONE);
	}

	/** The same settings without a CPU quota (an AOT cache's training run). */
	AppSettings withoutCpuQuota() {
		return new AppSettings(this.jvmOptions, this.nice, this.poolSize, this.acquireTimeout, this.maxInFlight,
				this.partnerTimeout, this.partnerConnectTimeout, this.partnerMaxConnections, this.partnerRetries,
				this.bulkConcurrency, this.bulkBuffer, CpuQuota.NONE);
	}

	/** The properties, by name. */
	Map<String, String> properties() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("db.pool-size", Integer.toString(this.poolSize));
		properties.put("db.acquire-timeout", this.acquireTimeout.toMillis() + "ms");
		properties.put("orders.max-in-flight", Integer.toString(this.maxInFlight));
		properties.put("orders.bulk.concurrency", Integer.toString(this.bulkConcurrency));
		properties.put("orders.bulk.buffer", Integer.toString(this.bulkBuffer));
		properties.put("partner.timeout", this.partnerTimeout.toMillis() + "ms");
		properties.put("partner.connect-timeout", this.partnerConnectTimeout.toMillis() + "ms");
		properties.put("partner.max-connections", Integer.toString(this.partnerMaxConnections));
		properties.put("partner.retries", Integer.toString(this.partnerRetries));
		return properties;
	}

	/**
	 * The command prefix that lowers the app's priority, empty when {@code nice} is 0.
	 */
	List<String> launcher() {
		return (this.nice > 0) ? List.of("nice", "-n", Integer.toString(this.nice)) : List.of();
	}

	List<String> arguments() {
		List<String> arguments = new ArrayList<>();
		properties().forEach((name, value) -> arguments.add("--" + name + "=" + value));
		return arguments;
	}

}
