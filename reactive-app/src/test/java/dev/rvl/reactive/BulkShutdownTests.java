package dev.rvl.reactive;

import dev.rvl.contract.BulkShutdownContract;
import dev.rvl.contract.ContractSettings.Driver;

/**
 * The shared bulk-at-shutdown contract against this app.
 */
class BulkShutdownTests extends BulkShutdownContract {

	BulkShutdownTests() {
		super(ReactiveApplication.class, Driver.R2DBC, "reactive_bulk_shutdown");
	}

}
