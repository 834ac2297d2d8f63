package dev.rvl.bench;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rvl.testsupport.ChildProcess;
import dev.rvl.testsupport.Database;
import dev.rvl.testsupport.Ports;

/**
 * One variant's app, started from its jar with the shared JVM flags and settings, the
 * database and the stub; actuator on a separate management port, so scrapes never queue
 * behind the load (nor count against the platform baseline's 200 threads).
 *
 * @param process the child process
 * @param baseUrl the API
 * @param managementUrl the actuator
 * @param command how it was started, without secrets
 * @param startup how long it took to become ready
 */
record AppProcess(ChildProcess process, URI baseUrl, URI managementUrl, List<String> command, Duration startup) {

	/**
	 * @param instrumentation JVM flags of the runner's own instruments (GC log,
	 * profiler), the same for every variant
	 */
	static AppProcess start(Project project, Variant variant, AppSettings settings, CpuIsolation isolation,
			List<String> instrumentation, BenchDatabase database, URI partner, Path log) throws InterruptedException {
		return start(project, variant, settings, isolation, instrumentation, database, partner, log, "127.0.0.1");
	}

	/**
	 * @param address the loopback address the app listens on (API and actuator): the
	 * runner's apps are on 127.0.0.1; the remote-mode test starts apps of its own on
	 * other loopback addresses, as stand-ins for other hosts
	 */
	static AppProcess start(Project project, Variant variant, AppSettings settings, CpuIsolation isolation,
			List<String> instrumentation, BenchDatabase database, URI partner, Path log, String address)
			throws InterruptedException {
		return start(project.java(), project.appJar(variant.module()), variant, settings, isolation, instrumentation,
				database, partner, log, address);
	}

	/**
	 * @param java the JVM
	 * @param jar the app's jar: Spring Boot's, or the one extracted from it for an AOT
	 * cache ({@link AotCache})
	 * @param flags JVM flags the runner adds after the shared ones: its instruments, an
	 * AOT cache
	 */
	static AppProcess start(String java, Path jar, Variant variant, AppSettings settings, CpuIsolation isolation,
			List<String> flags, BenchDatabase database, URI partner, Path log, String address)
			throws InterruptedException {
		if (!RemoteTargets.loopback(address)) {
			throw new IllegalArgumentException("Apps are only started on loopback addresses, not " + address);
		}
		int port = Ports.free();
		int managementPort = Ports.free();
		List<String> command = new ArrayList<>(settings.cpuQuota().launcher());
		command.addAll(isolation.appLauncher());
		command.addAll(settings.launcher());
		command.add(java);
		command.addAll(settings.jvmOptions());
		command.addAll(flags);
		command.addAll(List.of("-jar", jar.toString()));
		command.addAll(variant.ownArguments());
		command.addAll(List.of("--server.port=" + port, "--server.address=" + address,
				"--management.server.port=" + managementPort, "--management.server.address=" + address,
				"--partner.base-url=" + partner));
		command.addAll(settings.arguments());
		long started = System.nanoTime();
		ChildProcess process = ChildProcess.start(variant.id(), command, environment(database), log);
		URI managementUrl = URI.create("http://" + address + ":" + managementPort);
		if (!Http.awaitOk(managementUrl.resolve("/actuator/health/readiness"), process, Duration.ofSeconds(120))) {
			process.stop(Duration.ofSeconds(10));
			throw new IllegalStateException(variant.id() + " did not become ready:\n" + process.tail(40));
		}
		return new AppProcess(process, URI.create("http://" + address + ":" + port), managementUrl, command,
				Duration.ofNanos(System.nanoTime() - started));
	}

	/** Connection settings for either app (each ignores the other's). */
	static Map<String, String> environment(BenchDatabase database) {
		Database coordinates = database.database();
		Map<String, String> environment = new LinkedHashMap<>(coordinates.appEnvironment(false));
		environment.putAll(coordinates.appEnvironment(true));
		environment.put("SPRING_FLYWAY_URL", coordinates.jdbcUrl());
		environment.put("SPRING_FLYWAY_USER", coordinates.user());
		environment.put("SPRING_FLYWAY_PASSWORD", coordinates.password());
		return environment;
	}

	URI metrics() {
		return this.managementUrl.resolve("/actuator/prometheus");
	}

}
