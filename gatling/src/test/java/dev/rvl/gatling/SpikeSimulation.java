package dev.rvl.gatling;

import dev.rvl.gatling.profile.LoadProfile;
import dev.rvl.gatling.scenarios.OrderFlow;

/**
 * Open-model spike: {@code spike.base} orders/s, a jump within a second to
 * {@code spike.peak} for {@code spike.seconds}, and back: how each app absorbs a burst
 * and how fast it recovers.
 */
public class SpikeSimulation extends RecordedSimulation {

	public SpikeSimulation() {
		super(LoadProfile.spike(Config.spikeBase(), Config.spikePeak(), Config.spikeBaseSeconds(),
				Config.spikeSeconds(), 1), OrderFlow.shopper());
	}

}
