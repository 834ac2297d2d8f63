package dev.rvl.gatling.scenarios;

import dev.rvl.gatling.endpoints.BulkEndpoints;
import dev.rvl.gatling.recorder.Recording;
import io.gatling.javaapi.core.ScenarioBuilder;

import static io.gatling.javaapi.core.CoreDsl.scenario;

/** The importer: streams one NDJSON body of orders through the bulk endpoint. */
public final class BulkFlow {

	private BulkFlow() {
	}

	public static ScenarioBuilder importer(int linesPerRequest) {
		return scenario("importer").feed(new BulkFeeder(linesPerRequest))
			.exec(Recording.recorded(BulkEndpoints.BULK_INGEST, BulkEndpoints.ingest()));
	}

}
