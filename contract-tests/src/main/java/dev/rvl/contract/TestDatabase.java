package dev.rvl.contract;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import dev.rvl.testsupport.Database;

/**
 * A database of one suite's own, with the few queries the suites need to set up and check
 * state.
 */
public final class TestDatabase {

	private final Database database;

	private TestDatabase(Database database) {
		this.database = database;
	}

	/**
	 * Drops and creates the named database on the local PostgreSQL (the app's Flyway
	 * migrates and seeds it).
	 */
	public static TestDatabase fresh(String name) {
		return of(Database.local(name, true));
	}

	/** A database elsewhere. */
	public static TestDatabase at(String jdbcUrl, String r2dbcUrl, String user, String password) {
		return of(new Database(jdbcUrl, r2dbcUrl, user, password));
	}

	public static TestDatabase of(Database database) {
		return new TestDatabase(database);
	}

	/** Where it is. */
	public Database database() {
		return this.database;
	}

	public String jdbcUrl() {
		return this.database.jdbcUrl();
	}

	public String r2dbcUrl() {
		return this.database.r2dbcUrl();
	}

	public String user() {
		return this.database.user();
	}

	public String password() {
		return this.database.password();
	}

	/** Back to the seed: no orders, full stock. */
	public void reset() {
		this.database.reset();
	}

	public long count(String sql, Object... parameters) {
		try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < parameters.length; i++) {
				statement.setObject(i + 1, parameters[i]);
			}
			try (ResultSet result = statement.executeQuery()) {
				result.next();
				return result.getLong(1);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql, ex);
		}
	}

	/** The first column of every row, as text ({@code null} as "null"). */
	public List<String> texts(String sql, Object... parameters) {
		try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < parameters.length; i++) {
				statement.setObject(i + 1, parameters[i]);
			}
			List<String> texts = new ArrayList<>();
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					texts.add(String.valueOf(result.getString(1)));
				}
			}
			return texts;
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql, ex);
		}
	}

	public long orders() {
		return count("SELECT count(*) FROM purchase_order");
	}

	public long orderLines() {
		return count("SELECT count(*) FROM order_line");
	}

	public long stock(String sku) {
		return count("SELECT stock FROM product WHERE sku = ?", sku);
	}

	/**
	 * Sum of all stock: with {@link #orders()} and the lines, what "nothing written"
	 * compares.
	 */
	public long totalStock() {
		return count("SELECT sum(stock) FROM product");
	}

	public void execute(String sql, Object... parameters) {
		try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < parameters.length; i++) {
				statement.setObject(i + 1, parameters[i]);
			}
			statement.execute();
		}
		catch (SQLException ex) {
			throw new IllegalStateException(sql, ex);
		}
	}

	public void setStock(String sku, int stock) {
		execute("UPDATE product SET stock = ? WHERE sku = ?", stock, sku);
	}

	/**
	 * Opens a transaction that holds a row lock on a product until the returned lock is
	 * closed: orders for that SKU then wait in their write transaction, holding a pool
	 * connection.
	 */
	public RowLock lockProduct(String sku) {
		return lockProduct(sku, false);
	}

	/**
	 * As {@link #lockProduct}, and the product sold out when the lock is closed: the
	 * orders that waited for it are then refused for stock.
	 */
	public RowLock lockProductToSellItOut(String sku) {
		return lockProduct(sku, true);
	}

	private RowLock lockProduct(String sku, boolean sellOut) {
		String product = "'" + sku.replace("'", "") + "'";
		try {
			Connection connection = connect();
			connection.setAutoCommit(false);
			try (Statement statement = connection.createStatement()) {
				statement.execute("SELECT 1 FROM product WHERE sku = " + product + " FOR UPDATE");
			}
			return () -> {
				try (connection) {
					if (sellOut) {
						connection.createStatement().execute("UPDATE product SET stock = 0 WHERE sku = " + product);
						connection.commit();
					}
					else {
						connection.rollback();
					}
				}
			};
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Sessions of this database waiting for a lock: orders queued behind a held row lock.
	 */
	public long sessionsWaitingForALock() {
		return count("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
				+ "AND wait_event_type = 'Lock'");
	}

	/**
	 * Sessions of this database that PostgreSQL ended because their client connection was
	 * lost without a goodbye (a pooled connection closed under a query, say); a pool
	 * closing a connection says goodbye.
	 */
	public long sessionsAbandoned() {
		return count("SELECT sessions_abandoned FROM pg_stat_database WHERE datname = current_database()");
	}

	public Connection connect() throws SQLException {
		return this.database.connect();
	}

	/** A held row lock. */
	public interface RowLock extends AutoCloseable {

		@Override
		void close() throws SQLException;

	}

}
