package dev.rvl.gatling.profile;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class LoadProfileTests {

	@Test
	void climbsStairsWithRampsBetweenLevels() {
		LoadProfile stairs = LoadProfile.stairs(LoadProfile.Model.OPEN, 10, 30, 3, 10, 2, 0);

		// ramp 1->10 (2 s), 10 (10 s), ramp (2 s), 20 (10 s), ramp (2 s), 30 (10 s)
		assertThat(stairs.phases()).extracting(Phase::step).containsExactly(-1, 0, -1, 1, -1, 2);
		assertThat(stairs.totalSeconds()).isEqualTo(36);
		assertThat(stairs.stepAt(0.5)).isEqualTo(Phase.TRANSITION);
		assertThat(stairs.valueAt(1)).isEqualTo(5.5);
		assertThat(stairs.stepAt(2.5)).isZero();
		assertThat(stairs.valueAt(2.5)).isEqualTo(10);
		assertThat(stairs.valueAt(13)).isEqualTo(15);
		assertThat(stairs.stepAt(20)).isEqualTo(1);
		assertThat(stairs.valueAt(20)).isEqualTo(20);
		assertThat(stairs.stepAt(35.9)).isEqualTo(2);
		assertThat(stairs.valueAt(35.9)).isEqualTo(30);
	}

	@Test
	void holdsTheTopLevelLongerAsPartOfTheLastStep() {
		LoadProfile stairs = LoadProfile.stairs(LoadProfile.Model.OPEN, 10, 30, 3, 10, 2, 15);

		assertThat(stairs.totalSeconds()).isEqualTo(51);
		assertThat(stairs.stepAt(50)).isEqualTo(2);
		assertThat(stairs.valueAt(50)).isEqualTo(30);
	}

	@Test
	void isQuietOutsideItsTime() {
		LoadProfile stairs = LoadProfile.stairs(LoadProfile.Model.OPEN, 10, 10, 1, 10, 0, 0);

		assertThat(stairs.valueAt(-1)).isZero();
		assertThat(stairs.valueAt(10)).isZero();
		assertThat(stairs.stepAt(10)).isEqualTo(Phase.TRANSITION);
	}

	@Test
	void roundsClosedModelLevelsToWholeUsers() {
		LoadProfile users = LoadProfile.stairs(LoadProfile.Model.CLOSED, 10, 20, 4, 5, 1, 0);

		assertThat(users.phases()).filteredOn((phase) -> phase.step() >= 0)
			.extracting(Phase::from)
			.containsExactly(10.0, 13.0, 17.0, 20.0);
		assertThat(users.closedInjection()).hasSize(users.phases().size());
		assertThatIllegalStateException().isThrownBy(users::openInjection);
	}

	@Test
	void spikesAndComesBack() {
		LoadProfile spike = LoadProfile.spike(20, 200, 30, 10, 1);

		assertThat(spike.phases()).extracting(Phase::step).containsExactly(0, -1, 1, -1, 2);
		assertThat(spike.valueAt(35)).isEqualTo(200);
		assertThat(spike.valueAt(50)).isEqualTo(20);
		assertThat(spike.openInjection()).hasSize(5);
	}

	@Test
	void rejectsStairsThatGoDown() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LoadProfile.stairs(LoadProfile.Model.OPEN, 30, 10, 3, 10, 2, 0));
	}

	@Test
	void overloadsInLevelsOfTheKneeAndComesBackDown() {
		LoadProfile overload = LoadProfile.overload(200, 10);

		// a one-second jump before each of the six levels
		assertThat(overload.totalSeconds()).isEqualTo(6 * 11);
		assertThat(overload.stepAt(5.5)).isZero();
		assertThat(overload.valueAt(5.5)).isEqualTo(100);
		assertThat(overload.valueAt(16.5)).isEqualTo(200);
		assertThat(overload.valueAt(27.5)).isEqualTo(300);
		assertThat(overload.valueAt(38.5)).isEqualTo(400);
		assertThat(overload.valueAt(49.5)).isEqualTo(800);
		assertThat(overload.stepAt(60.5)).isEqualTo(5);
		assertThat(overload.valueAt(60.5)).isEqualTo(100);
	}

	@Test
	void leadsInAtTheFirstLevelWithoutMeasuringIt() {
		LoadProfile stairs = LoadProfile.stairs(LoadProfile.Model.OPEN, 10, 30, 3, 10, 2, 0).withLeadIn(5);

		// ramp 2 s to 10/s, 5 s lead-in at 10/s, then step 0
		assertThat(stairs.totalSeconds()).isEqualTo(5 + 3 * 12);
		assertThat(stairs.stepAt(4.5)).isEqualTo(Phase.TRANSITION);
		assertThat(stairs.valueAt(4.5)).isEqualTo(10);
		assertThat(stairs.stepAt(7.5)).isZero();
	}

}
