package dev.rvl.gatling;

import dev.rvl.gatling.profile.LoadProfile;
import dev.rvl.gatling.scenarios.OrderFlow;

/**
 * Open-model soak: a ramp to {@code rate.to} orders/s, held {@code soak.seconds}; for
 * leaks, GC drift and pool exhaustion that short runs do not show.
 */
public class SoakSimulation extends RecordedSimulation {

	public SoakSimulation() {
		super(LoadProfile.stairs(LoadProfile.Model.OPEN, Config.rateTo(), Config.rateTo(), 1, Config.soakSeconds(),
				Config.rampSeconds(), 0), OrderFlow.shopper());
	}

}
