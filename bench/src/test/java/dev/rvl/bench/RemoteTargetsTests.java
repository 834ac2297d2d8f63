package dev.rvl.bench;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import dev.rvl.testsupport.PrometheusText;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * The remote mode's options, its loopback guard, and what it changes in the analysis: the
 * app's CPU from its metrics, the generator host's CPU rules as warnings.
 */
class RemoteTargetsTests {

	private static final List<String> REMOTE = List.of("--target", "reactive=http://127.0.0.2:8081", "--target",
			"loom=http://127.0.0.3:8082", "--stub-url", "http://127.0.0.1:8090", "--jdbc-url",
			"jdbc:postgresql://127.0.0.1:5432/orders");

	@Test
	void runsTheVariantsThatHaveATargetWithoutStartingOrPinningThem() {
		BenchOptions options = BenchOptions.parse(REMOTE);

		assertThat(options.variants()).containsExactly(Variant.REACTIVE, Variant.LOOM);
		assertThat(options.remote().enabled()).isTrue();
		assertThat(options.remote().target(Variant.LOOM).baseUrl()).isEqualTo(URI.create("http://127.0.0.3:8082"));
		assertThat(options.remote().target(Variant.LOOM).metrics())
			.isEqualTo(URI.create("http://127.0.0.3:8082/actuator/prometheus"));
		assertThat(options.remote().hosts()).containsExactly("127.0.0.2", "127.0.0.3", "127.0.0.1");
		assertThat(options.isolation().isolated()).isFalse();
		assertThat(options.profile()).isFalse();
		assertThat(options.describe()).anyMatch((line) -> line.startsWith("remote targets"));
	}

	@Test
	void readsTheActuatorWhereItIsWhenItHasAPortOfItsOwn() {
		List<String> arguments = new ArrayList<>(REMOTE);
		arguments.addAll(List.of("--target-actuator", "loom=http://127.0.0.3:9082"));

		RemoteTarget loom = BenchOptions.parse(arguments).remote().target(Variant.LOOM);

		assertThat(loom.metrics()).isEqualTo(URI.create("http://127.0.0.3:9082/actuator/prometheus"));
		assertThat(loom.baseUrl()).isEqualTo(URI.create("http://127.0.0.3:8082"));
	}

	@Test
	void refusesAHostOutsideTheLoopbackRangeUnlessAllowedOnPurpose() {
		List<String> elsewhere = List.of("--target", "reactive=http://192.0.2.10:8081", "--stub-url",
				"http://127.0.0.1:8090", "--jdbc-url", "jdbc:postgresql://127.0.0.1:5432/orders");

		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(elsewhere))
			.withMessageContaining("--allow-remote-target");
		List<String> allowed = new ArrayList<>(elsewhere);
		allowed.add("--allow-remote-target");
		assertThat(BenchOptions.parse(allowed).remote().allowRemote()).isTrue();
		assertThat(RemoteTargets.loopback("127.0.0.4")).isTrue();
		assertThat(RemoteTargets.loopback("localhost")).isTrue();
		assertThat(RemoteTargets.loopback("[::1]")).isTrue();
		assertThat(RemoteTargets.loopback("192.0.2.10")).isFalse();
		assertThat(RemoteTargets.loopback("10.0.0.1")).isFalse();
	}

	@Test
	void needsTheStubAndTheDatabaseItResetsAndEveryVariantsTarget() {
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(List.of("--target",
				"reactive=http://127.0.0.2:8081", "--jdbc-url", "jdbc:postgresql://127.0.0.1:5432/orders")))
			.withMessageContaining("--stub-url");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchOptions
				.parse(List.of("--target", "reactive=http://127.0.0.2:8081", "--stub-url", "http://127.0.0.1:8090")))
			.withMessageContaining("--jdbc-url");
		List<String> platformWithoutTarget = new ArrayList<>(REMOTE);
		platformWithoutTarget.addAll(List.of("--variants", "reactive,platform"));
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(platformWithoutTarget))
			.withMessageContaining("platform");
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(List.of("--stub-url", "http://x:1")))
			.withMessageContaining("--target");
	}

	@Test
	void refusesOptionsThatOnlyConfigureAppsTheRunnerStarts() {
		for (List<String> local : List.of(List.of("--jvm-opts", "-Xmx1g"), List.of("--pool-size", "10"),
				List.of("--isolation", "cpuset"), List.of("--simulation", "cold-start", "--knee", "100"))) {
			List<String> arguments = new ArrayList<>(REMOTE);
			arguments.addAll(local);
			assertThatIllegalArgumentException().as(local.toString()).isThrownBy(() -> BenchOptions.parse(arguments));
		}
	}

	@Test
	void takesSchemeHostAndPortOnly() {
		assertThat(RemoteTargets.url("--target", "http://127.0.0.2:8081/")).hasToString("http://127.0.0.2:8081");
		assertThatIllegalArgumentException().isThrownBy(() -> RemoteTargets.url("--target", "127.0.0.2:8081"));
		assertThatIllegalArgumentException().isThrownBy(() -> RemoteTargets.url("--target", "http://h:1/api"));
		assertThatIllegalArgumentException().isThrownBy(() -> RemoteTargets.pairs("--target", "http://h:1"));
	}

	@Test
	void loadGoesOnlyToTheHostsNamed() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> GatlingRun.start(null, List.of(), Simulation.STAIRS, URI.create("http://127.0.0.5:1"),
					Map.of(), null, "", java.util.Set.of("127.0.0.2")))
			.withMessageContaining("127.0.0.5");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> GatlingRun.start(null, List.of(), Simulation.STAIRS, URI.create("http://127.0.0.2:1"),
					Map.of(), null, ""))
			.withMessageContaining("only ever target 127.0.0.1");
	}

	@Test
	void takesTheAppsCpuFromItsOwnMetricsWhenItIsNotOnThisMachine() {
		// no app process: 0.6 s of CPU time per second, then a reading with only the
		// gauge
		Sample first = remote(0, 10.0, 0.2);
		Sample second = remote(1000, 10.6, 0.3);
		Sample third = new Sample(2000, second.processes(), second.machine(), reading(null, 0.25), null);

		ResourceSeries series = ResourceSeries.of(List.of(first, second, third), 2);

		List<Double> cpu = series.column(ResourceSeries.CPU + Sample.APP);
		assertThat(cpu.get(0)).isCloseTo(0.4, within(1e-9)); // 0.2 x 2 CPUs, before any
																// difference
		assertThat(cpu.get(1)).isCloseTo(0.6, within(1e-9));
		assertThat(cpu.get(2)).isCloseTo(0.5, within(1e-9));
		assertThat(series.column(ResourceSeries.MEMORY + Sample.APP)).containsOnlyNulls();
		// this machine (1 core busy) hosts only Gatling (0.1): the app's CPU is not taken
		// off what other processes used here
		assertThat(series.column(ResourceSeries.OTHER_CPU).get(1)).isCloseTo(0.9, within(1e-9));
	}

	@Test
	void readsTheProcessCpuTimeTheAppsPublish() {
		AppReading reading = AppReading.of(PrometheusText.parse("""
				# TYPE process_cpu_time_ns_total counter
				process_cpu_time_ns_total 2.5E9
				process_cpu_usage 0.125
				system_cpu_count 4.0
				"""));

		assertThat(reading.processCpuSeconds()).isCloseTo(2.5, within(1e-9));
		assertThat(reading.cpuCoresNow()).isCloseTo(0.5, within(1e-9));
	}

	@Test
	void keepsTheGeneratorHostsCpuRulesAsWarnings() {
		RemoteTargets remote = BenchOptions.parse(REMOTE).remote();
		List<Finding> findings = List.of(
				new Finding("reactive", "other-cpu", Finding.Severity.INVALID, 0, 10.0, "others used 0.5 cores"),
				new Finding("reactive", "generator-lag", Finding.Severity.INVALID, 0, 10.0, "2 s behind"));

		List<Finding> kept = remote.onGeneratorHost(findings);

		assertThat(kept).extracting(Finding::severity)
			.containsExactly(Finding.Severity.WARNING, Finding.Severity.INVALID);
		assertThat(kept.get(0).message()).contains("generator's host");
		assertThat(RemoteTargets.NONE.onGeneratorHost(findings)).isEqualTo(findings);
	}

	@Test
	void samplesNoAppProcessForARemoteTarget() throws Exception {
		List<Long> asked = new ArrayList<>();
		ProcFs watched = new ProcFs(java.nio.file.Path.of("/nonexistent")) {
			@Override
			java.util.Optional<ProcessStat> process(long pid) {
				asked.add(pid);
				return java.util.Optional.empty();
			}

			@Override
			Map<Long, ThreadStat> threads(long pid) {
				asked.add(pid);
				return Map.of();
			}
		};
		try (Sampler sampler = Sampler.remote(watched, OptionalLong.empty(), OptionalLong.empty(),
				URI.create("http://127.0.0.2:1/actuator/prometheus"),
				URI.create("http://127.0.0.1:1/actuator/prometheus"))) {
			sampler.watchGatling(4242);
			sampler.start();
			for (int i = 0; i < 100 && sampler.samples().isEmpty(); i++) {
				Thread.sleep(50);
			}
		}

		assertThat(asked).isNotEmpty().containsOnly(4242L, ProcessHandle.current().pid());
	}

	private static Sample remote(long epochMs, double cpuSeconds, double usage) {
		Map<String, Sample.ProcessReading> gatling = Map.of(Sample.GATLING,
				new Sample.ProcessReading(epochMs / 100, 1L << 30));
		return new Sample(epochMs, gatling, new ProcFs.MachineCpu(epochMs / 5, epochMs / 10, 0, 0),
				reading(cpuSeconds, usage), null);
	}

	private static AppReading reading(Double cpuSeconds, double usage) {
		return new AppReading(30.0, 1e8, 0.0, 0.0, 1.0, 0.0, 2.0, 0.0, null, Map.of(), 4.0, 2.0, null, cpuSeconds,
				usage, 2.0, null);
	}

}
