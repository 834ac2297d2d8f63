package dev.rvl.gatling;

import dev.rvl.gatling.profile.LoadProfile;
import dev.rvl.gatling.scenarios.OrderFlow;

/**
 * Open-model overload: 0.5, 1, 1.5, 2 and 4 times a knee ({@code overload.knee}
 * orders/s), each held {@code step.seconds}, then back to 0.5 times: whether an app keeps
 * serving its capacity while it refuses the rest fast (goodput against offered load, the
 * metastability chart), and how fast it is back within the SLO once the overload ends.
 */
public class OverloadSimulation extends RecordedSimulation {

	public OverloadSimulation() {
		super(LoadProfile.overload(Config.overloadKnee(), Config.stepSeconds()), OrderFlow.shopper());
	}

}
