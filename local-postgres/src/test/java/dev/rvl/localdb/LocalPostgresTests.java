package dev.rvl.localdb;

import java.io.File;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.rvl.domain.order.Tier;
import dev.rvl.domain.pricing.TaxRates;
import dev.rvl.domain.seed.SeedData;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class LocalPostgresTests {

	static final String DATABASE = "localdb_it";

	static LocalPostgres.Server server;

	@BeforeAll
	static void migrateAnEmptyDatabase() {
		server = LocalPostgres.ensureRunning();
		LocalPostgres.recreateDatabase(DATABASE);
		Flyway.configure()
			.dataSource(server.jdbcUrl(DATABASE), LocalPostgres.USER, LocalPostgres.PASSWORD)
			.load()
			.migrate();
	}

	@Test
	void reusesTheRunningServer() {
		assertThat(LocalPostgres.ensureRunning()).isEqualTo(server);
	}

	@Test
	void sharesTheServerWithOtherProcesses() throws Exception {
		String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
		Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
				LocalPostgres.class.getName(), DATABASE)
			.redirectErrorStream(true)
			.start();
		assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
		String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

		assertThat(output).contains(server.jdbcUrl(DATABASE)).contains("Already running in another process");
		assertThat(connect().isValid(2)).as("still running after the other process left").isTrue();
	}

	@Test
	void seedsCustomersOfEveryTierAndTaxedCountry() throws SQLException {
		try (Connection connection = connect()) {
			assertThat(single(connection, "SELECT count(*) FROM customer")).isEqualTo(SeedData.CUSTOMERS);
			assertThat(column(connection, "SELECT DISTINCT tier FROM customer ORDER BY tier"))
				.containsExactlyInAnyOrder(Tier.STANDARD.name(), Tier.SILVER.name(), Tier.GOLD.name());
			assertThat(column(connection, "SELECT DISTINCT country FROM customer"))
				.containsExactlyInAnyOrderElementsOf(TaxRates.countries());
			try (Statement statement = connection.createStatement();
					ResultSet rows = statement.executeQuery("SELECT id, tier, country FROM customer ORDER BY id")) {
				while (rows.next()) {
					long id = rows.getLong("id");
					assertThat(rows.getString("tier")).as("tier of %d", id).isEqualTo(SeedData.tier(id).name());
					assertThat(rows.getString("country")).as("country of %d", id).isEqualTo(SeedData.country(id));
				}
			}
		}
	}

	@Test
	void seedsProductsAsSeedDataStatesThem() throws SQLException {
		try (Connection connection = connect()) {
			assertThat(single(connection, "SELECT count(*) FROM product")).isEqualTo(SeedData.PRODUCTS);
			try (Statement statement = connection.createStatement();
					ResultSet rows = statement
						.executeQuery("SELECT sku, price_cents, stock, weight_grams FROM product ORDER BY sku")) {
				int n = 0;
				while (rows.next()) {
					n++;
					assertThat(rows.getString("sku")).isEqualTo(SeedData.sku(n));
					assertThat(rows.getLong("price_cents")).isEqualTo(SeedData.priceCents(n));
					assertThat(rows.getInt("stock")).isEqualTo(SeedData.INITIAL_STOCK);
					assertThat(rows.getInt("weight_grams")).isEqualTo(SeedData.weightGrams(n));
				}
				assertThat(n).isEqualTo(SeedData.PRODUCTS);
			}
		}
	}

	@Test
	void resetReturnsTheDatabaseToTheSeed() throws SQLException {
		try (Connection connection = connect(); Statement statement = connection.createStatement()) {
			statement.execute("UPDATE product SET stock = 3 WHERE sku = 'SKU-00001'");
			statement.execute("INSERT INTO purchase_order (id, customer_id, request_hash, status, subtotal_cents, "
					+ "discount_cents, shipping_cents, tax_cents, total_cents, carrier, fraud_score, created_at) "
					+ "VALUES (gen_random_uuid(), 1, 'h', 'CONFIRMED', 100, 0, 0, 0, 100, 'DHL', 1, now())");

			SeedReset.reset(connection);

			assertThat(single(connection, "SELECT count(*) FROM purchase_order")).isZero();
			assertThat(single(connection, "SELECT min(stock) FROM product")).isEqualTo(SeedData.INITIAL_STOCK);
		}
	}

	@Test
	void schemaRefusesNegativeStock() throws SQLException {
		try (Connection connection = connect(); Statement statement = connection.createStatement()) {
			org.assertj.core.api.Assertions.assertThatExceptionOfType(SQLException.class)
				.isThrownBy(() -> statement.execute("UPDATE product SET stock = -1 WHERE sku = 'SKU-00002'"))
				.satisfies((ex) -> assertThat(ex.getSQLState()).isEqualTo("23514"));
		}
	}

	@Test
	void takesAServerWithEveryConnectionTakenForOneThatAnswers(@TempDir Path data) throws Exception {
		// A second real server, with room for two connections: both taken, the next
		// login is refused "sorry, too many clients already" - still our server, not a
		// reason to start another on its data directory.
		try (EmbeddedPostgres full = EmbeddedPostgres.builder()
			.setDataDirectory(data)
			.setServerConfig("max_connections", "2")
			.setServerConfig("superuser_reserved_connections", "0")
			.start();
				Connection first = full.getPostgresDatabase().getConnection();
				Connection second = full.getPostgresDatabase().getConnection()) {
			assertThatExceptionOfType(SQLException.class)
				.isThrownBy(() -> full.getPostgresDatabase().getConnection().close())
				.satisfies((ex) -> assertThat(ex.getSQLState()).isEqualTo("53300"));

			assertThat(LocalPostgres.answers(full.getPort())).isTrue();
		}
	}

	@Test
	void takesAPortWithoutAServerForOneThatDoesNot() throws Exception {
		int closed;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closed = socket.getLocalPort();
		}

		assertThat(LocalPostgres.answers(closed)).isFalse();
	}

	static Connection connect() throws SQLException {
		return DriverManager.getConnection(server.jdbcUrl(DATABASE), LocalPostgres.USER, LocalPostgres.PASSWORD);
	}

	static long single(Connection connection, String sql) throws SQLException {
		try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
			result.next();
			return result.getLong(1);
		}
	}

	static List<String> column(Connection connection, String sql) throws SQLException {
		try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
			List<String> values = new ArrayList<>();
			while (result.next()) {
				values.add(result.getString(1));
			}
			return values;
		}
	}

}
