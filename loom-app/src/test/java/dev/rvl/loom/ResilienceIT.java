package dev.rvl.loom;

import java.nio.file.Path;
import java.util.Map;

import dev.rvl.contract.AppProcess;
import dev.rvl.contract.OwnPostgres;
import dev.rvl.contract.ResilienceContract;

/**
 * The resilience scenarios against the Loom app's jar on virtual threads, configured only
 * by environment.
 */
class ResilienceIT extends ResilienceContract {

	@Override
	protected String variant() {
		return "loom";
	}

	@Override
	protected Path jar() {
		return AppProcess.packagedJar("loom-app");
	}

	@Override
	protected Map<String, String> databaseEnvironment(OwnPostgres postgres) {
		return Map.of("SPRING_DATASOURCE_URL", postgres.jdbcUrl(), "SPRING_DATASOURCE_USERNAME", "postgres",
				"SPRING_DATASOURCE_PASSWORD", "postgres");
	}

}
