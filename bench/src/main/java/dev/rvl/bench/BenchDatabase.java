package dev.rvl.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import dev.rvl.testsupport.Database;
import org.flywaydb.core.Flyway;

/**
 * The database every variant uses, in turn: a configured one as is, else database
 * {@value #LOCAL_DATABASE} on the local PostgreSQL. Migrated once with the shared schema;
 * reset to the seed (and checkpointed, so no variant pays for the previous one's dirty
 * pages) before each variant.
 *
 * @param jdbcUrl JDBC URL
 * @param user user
 * @param password password
 * @param local whether it is the local PostgreSQL this runner started or found
 */
record BenchDatabase(String jdbcUrl, String user, String password, boolean local) {

	static final String LOCAL_DATABASE = "bench";

	static BenchDatabase localServer() {
		Database local = Database.local(LOCAL_DATABASE, false);
		return new BenchDatabase(local.jdbcUrl().replace("//localhost:", "//127.0.0.1:"), local.user(),
				local.password(), true);
	}

	/** Where it is, for the apps' environment and the seed reset. */
	Database database() {
		return Database.at(this.jdbcUrl, this.user, this.password);
	}

	/** {@code jdbc:postgresql://h:p/db?x} to {@code r2dbc:postgresql://h:p/db?x}. */
	String r2dbcUrl() {
		return database().r2dbcUrl();
	}

	void migrate() {
		Flyway.configure()
			.dataSource(this.jdbcUrl, this.user, this.password)
			.locations("classpath:db/migration")
			.load()
			.migrate();
	}

	void resetToSeed() throws SQLException {
		database().reset();
		try (Connection connection = connect(); Statement statement = connection.createStatement()) {
			statement.execute("VACUUM ANALYZE");
			statement.execute("CHECKPOINT");
		}
		catch (SQLException ex) {
			// CHECKPOINT needs superuser (or pg_checkpoint); a configured database may
			// refuse it
		}
	}

	/** The server settings that matter for the comparison. */
	Map<String, String> settings() {
		Map<String, String> settings = new LinkedHashMap<>();
		try (Connection connection = connect(); Statement statement = connection.createStatement()) {
			for (String name : List.of("server_version", "max_connections", "shared_buffers", "work_mem",
					"synchronous_commit", "fsync", "wal_level", "max_wal_size", "effective_io_concurrency")) {
				try (ResultSet result = statement.executeQuery("SHOW " + name)) {
					if (result.next()) {
						settings.put(name, result.getString(1));
					}
				}
			}
		}
		catch (SQLException ex) {
			settings.put("error", ex.getMessage());
		}
		return settings;
	}

	/**
	 * The postmaster's process id when the server runs on this machine: the parent of
	 * this connection's backend, if that process is visible here.
	 */
	OptionalLong postmasterPid(ProcFs proc) {
		try (Connection connection = connect();
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT pg_backend_pid()")) {
			if (result.next()) {
				long backend = result.getLong(1);
				OptionalLong parent = proc.parentOf(backend);
				if (proc.isPostgres(backend) && parent.isPresent() && proc.isPostgres(parent.getAsLong())) {
					return parent;
				}
			}
		}
		catch (SQLException ex) {
			// no database: nothing to sample
		}
		return OptionalLong.empty();
	}

	private Connection connect() throws SQLException {
		return database().connect();
	}

}
