package dev.rvl.loom.config;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.TestDatabase;
import org.junit.jupiter.api.Test;
import org.postgresql.PGResultSetMetaData;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pool is full when the app is ready, before any request asked for a connection (the
 * reactive app's twin checks r2dbc-pool) - with the shortest acquire timeout HikariCP
 * accepts (250 ms), as a cold JVM's first connections take longer than the default one:
 * opening a connection is bounded by {@code db.connect-timeout}, not by the acquire
 * timeout. And pgjdbc receives the results of prepared statements in binary format, as
 * the reactive app's driver is told to.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class DatabaseConfigurationTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("loom_pool_filled");

	@DynamicPropertySource
	static void settings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.JDBC);
		registry.add("db.acquire-timeout", () -> "250ms");
	}

	@Autowired
	DataSource dataSource;

	@Value("${db.pool-size}")
	int poolSize;

	@Test
	void everyConnectionIsOpenBeforeTheFirstRequest() {
		assertThat(this.dataSource).isInstanceOf(HikariDataSource.class);
		HikariPoolMXBean pool = ((HikariDataSource) this.dataSource).getHikariPoolMXBean();

		assertThat(pool).as("the pool was started").isNotNull();
		assertThat(pool.getTotalConnections()).as("connections open").isEqualTo(this.poolSize);
		assertThat(pool.getActiveConnections()).as("connections in use").isZero();
		assertThat(((HikariDataSource) this.dataSource).getDataSourceProperties())
			.as("pgjdbc's timeouts for opening a connection, from db.connect-timeout")
			.containsEntry("connectTimeout", 10)
			.containsEntry("loginTimeout", 10);
	}

	/**
	 * pgjdbc's {@code binaryTransfer} (on by default) for a statement prepared on the
	 * server ({@code prepareThreshold} 1): from its second execution, when the driver
	 * knows the columns' types, the order's columns arrive in binary (format 1).
	 */
	@Test
	void resultsArriveInBinaryFormat() throws SQLException {
		try (Connection connection = this.dataSource.getConnection();
				PreparedStatement statement = connection
					.prepareStatement("SELECT id, customer_id, created_at FROM purchase_order WHERE customer_id = ?")) {
			statement.setLong(1, 1);
			statement.executeQuery().close();
			try (ResultSet rows = statement.executeQuery()) {
				PGResultSetMetaData columns = rows.getMetaData().unwrap(PGResultSetMetaData.class);
				assertThat(List.of(columns.getFormat(1), columns.getFormat(2), columns.getFormat(3)))
					.as("formats of uuid, bigint, timestamptz (0 text, 1 binary)")
					.containsOnly(1);
			}
		}
	}

}
