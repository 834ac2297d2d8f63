package dev.rvl.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.stream.Stream;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A PostgreSQL server of one test class's own (zonky binaries, data kept across
 * restarts), for scenarios that stop the database: the shared local server must not go
 * away under other suites.
 */
public final class OwnPostgres implements AutoCloseable {

	private final Path dataDirectory;

	private final int port;

	private EmbeddedPostgres server;

	private OwnPostgres(Path dataDirectory, int port) {
		this.dataDirectory = dataDirectory;
		this.port = port;
	}

	/**
	 * Starts a fresh server (an empty data directory) with an {@code orders} database.
	 */
	public static OwnPostgres start(Path dataDirectory) {
		deleteRecursively(dataDirectory);
		OwnPostgres postgres = new OwnPostgres(dataDirectory, Ports.free());
		postgres.server = postgres.launch();
		try (Connection connection = postgres.server.getPostgresDatabase().getConnection();
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE DATABASE orders");
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		return postgres;
	}

	public String jdbcUrl() {
		return "jdbc:postgresql://localhost:" + this.port + "/orders";
	}

	public String r2dbcUrl() {
		return "r2dbc:postgresql://localhost:" + this.port + "/orders";
	}

	/** Stops the server: connections break, new ones are refused. */
	public void stop() {
		try {
			this.server.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Starts it again on the same port with the same data. */
	public void restart() {
		this.server = launch();
	}

	/** The {@code orders} database of this server. */
	public Database database() {
		return new Database(jdbcUrl(), r2dbcUrl(), "postgres", "postgres");
	}

	private EmbeddedPostgres launch() {
		try {
			return EmbeddedPostgres.builder()
				.setDataDirectory(this.dataDirectory)
				.setCleanDataDirectory(false)
				.setPort(this.port)
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() {
		stop();
	}

	private static void deleteRecursively(Path directory) {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(directory)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
