package dev.rvl.loom;

import dev.rvl.contract.BulkShutdownContract;
import dev.rvl.contract.ContractSettings.Driver;

/**
 * The shared bulk-at-shutdown contract against this app.
 */
class BulkShutdownTests extends BulkShutdownContract {

	BulkShutdownTests() {
		super(LoomApplication.class, Driver.JDBC, "loom_bulk_shutdown");
	}

}
