package dev.rvl.loom;

import java.nio.file.Path;

import dev.rvl.contract.AppProcess;
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
	protected boolean r2dbc() {
		return false;
	}

}
