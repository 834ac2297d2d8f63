package dev.rvl.gatling;

import dev.rvl.gatling.profile.LoadProfile;
import dev.rvl.gatling.scenarios.OrderFlow;

/**
 * Closed-model ramp: {@code users.from} to {@code users.to} concurrent shoppers in
 * {@code users.steps} levels (each starts again when done). Throughput then follows
 * latency: the classic "how many users" view, which hides queueing that the open model
 * shows.
 */
public class ConcurrencyRampSimulation extends RecordedSimulation {

	public ConcurrencyRampSimulation() {
		super(LoadProfile.stairs(LoadProfile.Model.CLOSED, Config.usersFrom(), Config.usersTo(), Config.usersSteps(),
				Config.stepSeconds(), Config.rampSeconds(), Config.holdSeconds()), OrderFlow.shopper());
	}

}
