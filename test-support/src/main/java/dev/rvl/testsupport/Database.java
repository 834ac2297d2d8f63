package dev.rvl.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.rvl.localdb.LocalPostgres;
import dev.rvl.localdb.SeedReset;

/**
 * Where a database is, and what an app is given to use it: the environment variables of
 * docs/design.md §1.
 *
 * @param jdbcUrl JDBC URL
 * @param r2dbcUrl the same database for R2DBC
 * @param user user
 * @param password password
 */
public record Database(String jdbcUrl, String r2dbcUrl, String user, String password) {

	/**
	 * A database on the local PostgreSQL (started or reused), created when missing.
	 * @param name the database
	 * @param fresh whether to drop and recreate it empty (the app's Flyway then migrates
	 * and seeds it)
	 */
	public static Database local(String name, boolean fresh) {
		LocalPostgres.Server server = LocalPostgres.ensureRunning();
		if (fresh) {
			LocalPostgres.recreateDatabase(name);
		}
		else {
			LocalPostgres.createDatabase(name);
		}
		return new Database(server.jdbcUrl(name), server.r2dbcUrl(name), LocalPostgres.USER, LocalPostgres.PASSWORD);
	}

	/** A database given by its JDBC URL, its R2DBC URL derived. */
	public static Database at(String jdbcUrl, String user, String password) {
		return new Database(jdbcUrl, jdbcUrl.replaceFirst("^jdbc:", "r2dbc:"), user, password);
	}

	/**
	 * The environment that points an app at this database: {@code SPRING_R2DBC_*} for the
	 * reactive app (it derives Flyway's JDBC URL itself), {@code SPRING_DATASOURCE_*} for
	 * the Loom app.
	 */
	public Map<String, String> appEnvironment(boolean r2dbc) {
		Map<String, String> environment = new LinkedHashMap<>();
		String prefix = r2dbc ? "SPRING_R2DBC_" : "SPRING_DATASOURCE_";
		environment.put(prefix + "URL", r2dbc ? this.r2dbcUrl : this.jdbcUrl);
		environment.put(prefix + "USERNAME", this.user);
		environment.put(prefix + "PASSWORD", this.password);
		return environment;
	}

	/** Back to the seed: no orders, full stock. */
	public void reset() {
		SeedReset.reset(this.jdbcUrl, this.user, this.password);
	}

	public Connection connect() throws SQLException {
		return DriverManager.getConnection(this.jdbcUrl, this.user, this.password);
	}

}
