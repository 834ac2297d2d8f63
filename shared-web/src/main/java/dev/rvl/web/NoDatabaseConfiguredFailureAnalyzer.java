package dev.rvl.web;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Says what to set when an app starts without a database, and how to get a local one.
 */
class NoDatabaseConfiguredFailureAnalyzer extends AbstractFailureAnalyzer<NoDatabaseConfiguredException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, NoDatabaseConfiguredException cause) {
		boolean r2dbc = cause.r2dbc();
		String action = "Set " + NoDatabaseConfiguredException.variable(r2dbc, "URL") + ", "
				+ NoDatabaseConfiguredException.variable(r2dbc, "USERNAME") + " and "
				+ NoDatabaseConfiguredException.variable(r2dbc, "PASSWORD")
				+ " to a PostgreSQL database (Flyway migrates and seeds it at start-up). On a development machine, "
				+ "./mvnw -pl " + cause.application()
				+ " spring-boot:run starts a local PostgreSQL instead (the 'local' profile).";
		return new FailureAnalysis(cause.getMessage(), action, cause);
	}

}
