package dev.rvl.gatling;

import dev.rvl.gatling.profile.LoadProfile;
import dev.rvl.gatling.scenarios.OrderFlow;

/**
 * Open-model cold start: {@code rate.to} orders/s from the very first second (the runner
 * starts the app without a warm-up), held {@code step.seconds}: how long a freshly
 * deployed app takes to reach the SLO under traffic, and whether it stays there.
 */
public class ColdStartSimulation extends RecordedSimulation {

	public ColdStartSimulation() {
		super(LoadProfile.stairs(LoadProfile.Model.OPEN, Config.rateTo(), Config.rateTo(), 1, Config.stepSeconds(), 0,
				0), OrderFlow.shopper());
	}

}
