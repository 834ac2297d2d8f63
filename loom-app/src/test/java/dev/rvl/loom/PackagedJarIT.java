package dev.rvl.loom;

import java.nio.file.Path;

import dev.rvl.contract.AppProcess;
import dev.rvl.contract.PackagedJarContract;

/**
 * The Loom app's packaged jar ships no local database and fails fast without a configured
 * one.
 */
class PackagedJarIT extends PackagedJarContract {

	@Override
	protected Path jar() {
		return AppProcess.packagedJar("loom-app");
	}

	@Override
	protected String databaseVariable() {
		return "SPRING_DATASOURCE_URL";
	}

}
