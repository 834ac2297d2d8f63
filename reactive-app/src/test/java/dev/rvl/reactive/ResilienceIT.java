package dev.rvl.reactive;

import java.nio.file.Path;
import java.util.Map;

import dev.rvl.contract.AppProcess;
import dev.rvl.contract.OwnPostgres;
import dev.rvl.contract.ResilienceContract;

/**
 * The resilience scenarios against the reactive app's jar, configured only by
 * environment.
 */
class ResilienceIT extends ResilienceContract {

	@Override
	protected String variant() {
		return "reactive";
	}

	@Override
	protected Path jar() {
		return AppProcess.packagedJar("reactive-app");
	}

	@Override
	protected Map<String, String> databaseEnvironment(OwnPostgres postgres) {
		return Map.of("SPRING_R2DBC_URL", postgres.r2dbcUrl(), "SPRING_R2DBC_USERNAME", "postgres",
				"SPRING_R2DBC_PASSWORD", "postgres");
	}

}
