package dev.rvl.localdb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Returns an orders database to its seed with {@code db/reset.sql} (from shared-domain):
 * no orders, full stock. The benchmark runs it before each variant; tests use it between
 * cases.
 */
public final class SeedReset {

	private static final String SCRIPT = "db/reset.sql";

	private SeedReset() {
	}

	public static void reset(String jdbcUrl, String user, String password) {
		try (Connection connection = DriverManager.getConnection(jdbcUrl, user, password)) {
			reset(connection);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not reset " + jdbcUrl + " to the seed", ex);
		}
	}

	public static void reset(Connection connection) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			for (String sql : script().split(";\\s*(\\n|$)")) {
				String withoutComments = sql.replaceAll("(?m)^--.*$", "").strip();
				if (!withoutComments.isEmpty()) {
					statement.execute(withoutComments);
				}
			}
		}
	}

	private static String script() {
		try (InputStream in = SeedReset.class.getClassLoader().getResourceAsStream(SCRIPT)) {
			if (in == null) {
				throw new IllegalStateException(SCRIPT + " is not on the classpath (it ships in shared-domain)");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
