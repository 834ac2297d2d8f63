package dev.rvl.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The CPU speed probe and what the report makes of its readings. */
class MachineSpeedTests {

	@Test
	void theProbeRunsInAJvmOfItsOwnAndCountsWorkPerCpuSecond() throws Exception {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

		MachineSpeed.Reading reading = MachineSpeed.measure("before loom", java, List.of());

		assertThat(reading.when()).isEqualTo("before loom");
		assertThat(reading.unitsPerCpuSecond()).isGreaterThan(0);
	}

	@Test
	void machineSpeedProbesThreeTimesAndExits() {
		java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
		java.io.PrintStream out = System.out;
		System.setOut(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
		int exit;
		try {
			exit = BenchMain.run(List.of("--machine-speed", "--isolation", "none", "--root",
					Path.of("..").toAbsolutePath().toString()));
		}
		finally {
			System.setOut(out);
		}

		assertThat(exit).isZero();
		assertThat(captured.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("probe 1: ", "probe 3: ",
				"work units per CPU-second (median; drift");
	}

	@Test
	void aUnitOfWorkIsTheSameForTheSameSeed() {
		assertThat(MachineSpeed.unit(7)).isEqualTo(MachineSpeed.unit(7));
		assertThat(MachineSpeed.probe(TimeUnit.MILLISECONDS.toNanos(50), 3, TimeUnit.MILLISECONDS.toNanos(20)))
			.isGreaterThan(0);
	}

	@Test
	void aSteadyMachineHasNoFinding() {
		MachineSpeed speed = speed(300_000, 310_000, 295_000);

		assertThat(speed.median()).isEqualTo(300_000);
		assertThat(speed.drift()).isCloseTo(0.05, org.assertj.core.data.Offset.offset(1e-9));
		assertThat(speed.finding()).isEmpty();
		assertThat(speed.describe()).isEqualTo(
				"300000 work units per CPU-second (median; drift 5 %: before reactive 300000, before loom 310000, end 295000)");
	}

	@Test
	void aMachineWhoseSpeedMovedDuringTheRunIsAFinding() {
		MachineSpeed speed = speed(330_000, 200_000, 210_000);

		assertThat(speed.finding()).hasValueSatisfying((finding) -> {
			assertThat(finding.rule()).isEqualTo("machine-speed");
			assertThat(finding.severity()).isEqualTo(Finding.Severity.WARNING);
			assertThat(finding.message()).contains("from 200000 to 330000 (drift 62 % > 15 %)");
		});
	}

	@Test
	void oneReadingHasNoDrift() {
		assertThat(new MachineSpeed(List.of(new MachineSpeed.Reading("end", 1000))).drift()).isZero();
	}

	@Test
	void theProbesLineIsRead() {
		assertThat(MachineSpeed.parse("OpenJDK warning\nunits-per-cpu-second=321503.2\n")).isEqualTo(321503.2);
		assertThatIllegalArgumentException().isThrownBy(() -> MachineSpeed.parse("Error: could not find main class"))
			.withMessageContaining("units-per-cpu-second=");
	}

	@Test
	void publishedTablesNameTheSpeedTheyWereMeasuredAt() {
		JsonMapper json = JsonMapper.builder().build();

		assertThat(PublishedResults.speed(json.readTree("""
				{"readings": [{"when": "before loom", "unitsPerCpuSecond": 300000},
				              {"when": "end", "unitsPerCpuSecond": 310000}]}""")))
			.isEqualTo(" at speed 305000 (drift 3 %)");
		assertThat(PublishedResults.speed(json.readTree("{}"))).isEmpty();
		assertThat(PublishedResults.speed(json.readTree("{}").path("speed"))).isEmpty();
	}

	private static MachineSpeed speed(double beforeReactive, double beforeLoom, double end) {
		return new MachineSpeed(List.of(new MachineSpeed.Reading("before reactive", beforeReactive),
				new MachineSpeed.Reading("before loom", beforeLoom), new MachineSpeed.Reading("end", end)));
	}

}
