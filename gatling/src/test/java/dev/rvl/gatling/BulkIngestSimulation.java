package dev.rvl.gatling;

import dev.rvl.gatling.endpoints.BulkEndpoints;
import dev.rvl.gatling.profile.LoadProfile;
import dev.rvl.gatling.scenarios.BulkFlow;

/**
 * Closed-model bulk ingest: {@code bulk.streams.from} to {@code bulk.streams.to}
 * concurrent NDJSON uploads of {@code bulk.lines} orders each, in {@code rate.steps}
 * levels; the created orders are recorded as items, so orders/s is items/s.
 */
public class BulkIngestSimulation extends RecordedSimulation {

	public BulkIngestSimulation() {
		super(LoadProfile.stairs(LoadProfile.Model.CLOSED, Config.bulkStreamsFrom(), Config.bulkStreamsTo(),
				Config.rateSteps(), Config.stepSeconds(), Config.rampSeconds(), Config.holdSeconds()),
				BulkFlow.importer(Config.bulkLines()), BulkEndpoints.BULK_INGEST);
	}

}
