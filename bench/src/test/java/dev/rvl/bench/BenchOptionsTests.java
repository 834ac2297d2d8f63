package dev.rvl.bench;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BenchOptionsTests {

	@Test
	void runsTheThreeVariantsOnTheStandardPresetByDefault() {
		BenchOptions options = BenchOptions.parse(List.of());

		assertThat(options.variants()).containsExactly(Variant.REACTIVE, Variant.LOOM, Variant.PLATFORM);
		assertThat(options.workload()).isEqualTo(Workload.STANDARD);
		assertThat(options.simulation()).isEqualTo(Simulation.STAIRS);
		assertThat(options.partnerLatency()).isEqualTo(Duration.ofMillis(100));
		assertThat(options.app().arguments()).contains("--db.pool-size=20", "--orders.max-in-flight=10000",
				"--partner.timeout=2000ms", "--partner.max-connections=2000");
		assertThat(options.app().jvmOptions()).containsExactly("-Xms512m", "-Xmx512m", "-XX:+UseG1GC");
		assertThat(options.database()).isEmpty();
	}

	@Test
	void slowPartnerPutsTheOfferedLoadPastThePlatformThreadCeiling() {
		BenchOptions options = BenchOptions.parse(List.of("--preset", "slow-partner"));

		assertThat(options.partnerLatency()).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
		double ceiling = WorkloadSummary.PLATFORM_THREADS * 1000.0 / options.idealLatencyMs();
		assertThat(options.plan().to()).isGreaterThan(ceiling * 1.5);
		assertThat(options.plan().from()).isLessThan(ceiling);
		BenchOptions quick = BenchOptions.parse(List.of("--preset", "slow-partner", "--quick"));
		assertThat(quick.plan().to()).isGreaterThan(ceiling * 1.2);
		// the partner deadline must outlast the partner
		assertThat(options.app().partnerTimeout()).isGreaterThan(options.partnerLatency());
		assertThat(options.app().arguments()).contains("--partner.timeout=5000ms");
	}

	@Test
	void gatlingsUsersShareOneConnectionPoolUnlessToldOtherwise() {
		assertThat(BenchOptions.parse(List.of()).connections()).isEqualTo(Connections.SHARED);
		BenchOptions perUser = BenchOptions.parse(List.of("--connections", "per-user"));
		assertThat(perUser.connections()).isEqualTo(Connections.PER_USER);
		assertThat(perUser.describe()).contains("connections per-user");
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(List.of("--connections", "pooled")))
			.withMessageContaining("shared or per-user");
	}

	@Test
	void runsTheAppsAtALowerPriorityThanTheHarnessWhenTheyShareCpus() {
		BenchOptions shared = BenchOptions.parse(List.of("--isolation", "none"));
		assertThat(shared.app().launcher()).containsExactly("nice", "-n", "5");
		assertThat(shared.isolation().isolated()).isFalse();
		assertThat(BenchOptions.parse(List.of("--isolation", "none", "--app-nice", "0")).app().launcher()).isEmpty();
	}

	@Test
	void isolatesTheAppOnCpusOfItsOwnByDefaultWhereItCan() {
		BenchOptions options = BenchOptions.parse(List.of());
		if (CpuIsolation.available() && CpuIsolation.allowedCpus().size() >= 2) {
			assertThat(options.isolation().isolated()).isTrue();
			assertThat(options.app().launcher()).as("nice is moot with isolation").isEmpty();
		}
		CpuIsolation isolation = CpuIsolation.of(CpuIsolation.Mode.CPUSET, List.of(0, 1, 2, 3), null);
		assertThat(isolation.appCpus()).containsExactly(2, 3);
		assertThat(isolation.harnessCpus()).containsExactly(0, 1);
		assertThat(isolation.appLauncher()).containsExactly("taskset", "-c", "2,3");
		assertThat(CpuIsolation.of(CpuIsolation.Mode.CPUSET, List.of(0, 1, 2, 3), 3).harnessCpus()).containsExactly(0);
		assertThat(CpuIsolation.of(CpuIsolation.Mode.CPUSET, List.of(5), null).isolated()).isFalse();
		assertThat(CpuIsolation.parseList("0-2,5,7-8")).containsExactly(0, 1, 2, 5, 7, 8);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CpuIsolation.of(CpuIsolation.Mode.CPUSET, List.of(0, 1), 2));
	}

	@Test
	void fastPartnerIsAboutTenMilliseconds() {
		assertThat(BenchOptions.parse(List.of("--preset", "fast-partner")).partnerLatency())
			.isEqualTo(Duration.ofMillis(10));
	}

	@Test
	void keepsTheQuickRunShortAndTheDefaultRunWithinFifteenMinutes() {
		for (Workload workload : Workload.values()) {
			// lead-in + load + warm-up per variant; start-up, Gatling's JVM and shutdown
			// add about 25 s each
			LoadPlan quick = workload.plan(true);
			assertThat(3 * (Simulation.LEAD_SECONDS + quick.loadSeconds() + quick.warmupSeconds() + 25))
				.isLessThanOrEqualTo(250);
			LoadPlan plan = workload.plan(false);
			assertThat(3 * (Simulation.LEAD_SECONDS + plan.loadSeconds() + plan.warmupSeconds() + 25))
				.isLessThanOrEqualTo(15 * 60);
		}
	}

	@Test
	void limitsEveryAppToTheSameCpuQuotaWhenAsked() {
		assertThat(BenchOptions.parse(List.of()).app().cpuQuota().launcher()).isEmpty();
		assertThat(BenchOptions.parse(List.of("--app-cpu-quota", "0.4")).app().cpuQuota().cores()).isEqualTo(0.4);
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(List.of("--app-cpu-quota", "-1")))
			.withMessageContaining("positive number of cores");
	}

	@Test
	void grantsTheQuotaPerPeriodOfTheKernelsDefaultUnlessToldOtherwise() {
		assertThat(BenchOptions.parse(List.of("--app-cpu-quota", "0.4")).app().cpuQuota().period())
			.isEqualTo(Duration.ofMillis(100));
		CpuQuota quota = BenchOptions.parse(List.of("--app-cpu-quota-period", "10ms", "--app-cpu-quota", "0.4"))
			.app()
			.cpuQuota();
		assertThat(quota).isEqualTo(new CpuQuota(0.4, Duration.ofMillis(10)));
		assertThat(quota.describe()).contains("0.40 cores", "period 10 ms");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchOptions.parse(List.of("--app-cpu-quota-period", "10ms")))
			.withMessageContaining("needs --app-cpu-quota");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchOptions.parse(List.of("--app-cpu-quota", "0.4", "--app-cpu-quota-period", "2s")))
			.withMessageContaining("1ms to 1s");
	}

	@Test
	void trainsAnAotCacheOnlyWhenAskedAndOnlyForAppsItStarts() {
		assertThat(BenchOptions.parse(List.of()).aotCache()).isFalse();
		BenchOptions options = BenchOptions.parse(List.of("--aot-cache", "--app-cpu-quota", "0.4"));
		assertThat(options.aotCache()).isTrue();
		assertThat(options.describe()).contains("AOT cache trained per run");
		assertThat(options.app().withoutCpuQuota().cpuQuota()).isEqualTo(CpuQuota.NONE);
		assertThat(options.app().withoutCpuQuota()).usingRecursiveComparison()
			.ignoringFields("cpuQuota")
			.isEqualTo(options.app());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchOptions.parse(List.of("--aot-cache", "--target", "loom=http://127.0.0.1:8082",
					"--stub-url", "http://127.0.0.1:8090", "--jdbc-url", "jdbc:postgresql://127.0.0.1:5432/bench")))
			.withMessageContaining("--aot-cache");
	}

	@Test
	void overridesSingleSettings() {
		BenchOptions options = BenchOptions.parse(List.of("--variants", "loom,reactive", "--rates", "10:40:4",
				"--step-seconds", "12", "--partner-latency", "1s", "--slo-p99-ms", "2000", "--jvm-opts",
				"-Xmx1g -XX:+UseZGC", "--pool-size", "40", "--jdbc-url", "jdbc:postgresql://db:5432/orders"));

		assertThat(options.variants()).containsExactly(Variant.LOOM, Variant.REACTIVE);
		assertThat(options.plan()).extracting(LoadPlan::from, LoadPlan::to, LoadPlan::steps, LoadPlan::stepSeconds)
			.containsExactly(10.0, 40.0, 4, 12L);
		assertThat(options.sloP99Ms()).isEqualTo(2000);
		assertThat(options.idealLatencyMs()).isEqualTo(1010);
		assertThat(options.app().jvmOptions()).containsExactly("-Xmx1g", "-XX:+UseZGC");
		assertThat(options.app().poolSize()).isEqualTo(40);
		assertThat(options.database()).hasValueSatisfying(
				(database) -> assertThat(database.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5432/orders"));
	}

	@Test
	void rejectsWhatItCannotRun() {
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(List.of("--variants", "quarkus")));
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(List.of("--rates", "40:10:3")));
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(List.of("--preset")));
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(List.of("--partner-latency", "fast")));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> BenchOptions.parse(List.of("--jdbc-url", "jdbc:mysql://x/y")));
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse(List.of("--frobnicate")));
	}

	@Test
	void mapsThePlanOntoEachSimulationsProperties() {
		LoadPlan plan = new LoadPlan(10, 40, 4, 20, 3, 0, 10);

		assertThat(Simulation.STAIRS.properties(plan, 500)).containsEntry("rate.from", "10")
			.containsEntry("rate.to", "40")
			.containsEntry("rate.steps", "4")
			.containsEntry("slo.p99.ms", "500");
		assertThat(Simulation.CONCURRENCY.properties(plan, 500)).containsEntry("users.to", "40");
		assertThat(Simulation.BULK.properties(plan, 500)).containsEntry("bulk.streams.to", "40");
		assertThat(Simulation.SPIKE.properties(plan, 500)).containsEntry("spike.peak", "40");
		assertThat(Simulation.STAIRS.properties(plan, 500)).containsEntry("lead.seconds", "10");
		assertThat(Simulation.STAIRS.plannedSeconds(plan)).as("lead-in, then ramps and steps")
			.isEqualTo(10 + 4 * 20 + 4 * 3);
		assertThat(Simulation.OVERLOAD.properties(plan, 500, 200.0)).containsEntry("overload.knee", "200");
		assertThat(Simulation.COLD_START.properties(plan, 500, 200.0)).containsEntry("rate.to", "160")
			.containsEntry("lead.seconds", "0");
	}

}
