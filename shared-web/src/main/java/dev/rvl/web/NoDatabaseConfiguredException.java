package dev.rvl.web;

/**
 * An app was started without a database: no {@code spring.datasource.url} (Loom app) or
 * {@code spring.r2dbc.url} (reactive app).
 */
public class NoDatabaseConfiguredException extends IllegalStateException {

	private final String application;

	private final boolean r2dbc;

	NoDatabaseConfiguredException(String application, boolean r2dbc) {
		super("No database is configured: " + application + " needs " + property(r2dbc) + " (" + variable(r2dbc, "URL")
				+ "), e.g. " + (r2dbc ? "r2dbc:postgresql://db:5432/orders" : "jdbc:postgresql://db:5432/orders"));
		this.application = application;
		this.r2dbc = r2dbc;
	}

	String application() {
		return this.application;
	}

	boolean r2dbc() {
		return this.r2dbc;
	}

	static String property(boolean r2dbc) {
		return r2dbc ? "spring.r2dbc.url" : "spring.datasource.url";
	}

	static String variable(boolean r2dbc, String suffix) {
		return (r2dbc ? "SPRING_R2DBC_" : "SPRING_DATASOURCE_") + suffix;
	}

}
