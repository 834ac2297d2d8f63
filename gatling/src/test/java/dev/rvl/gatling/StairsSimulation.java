package dev.rvl.gatling;

import dev.rvl.gatling.profile.LoadProfile;
import dev.rvl.gatling.scenarios.OrderFlow;

/**
 * Open-model stairs: the arrival rate climbs from {@code rate.from} to {@code rate.to}
 * orders/s in {@code rate.steps} levels, each held {@code step.seconds} with ramps of
 * {@code ramp.seconds} between them, then the top is held {@code hold.seconds} longer.
 * Users arrive on schedule however slowly the app answers, so queueing shows up as
 * latency (no coordinated omission). The comparison runner's default.
 */
public class StairsSimulation extends RecordedSimulation {

	public StairsSimulation() {
		super(LoadProfile.stairs(LoadProfile.Model.OPEN, Config.rateFrom(), Config.rateTo(), Config.rateSteps(),
				Config.stepSeconds(), Config.rampSeconds(), Config.holdSeconds()), OrderFlow.shopper());
	}

}
