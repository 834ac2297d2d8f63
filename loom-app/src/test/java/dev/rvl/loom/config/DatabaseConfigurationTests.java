package dev.rvl.loom.config;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.TestDatabase;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pool is full when the app is ready, before any request asked for a connection (the
 * reactive app's twin checks r2dbc-pool).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class DatabaseConfigurationTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("loom_pool_filled");

	@DynamicPropertySource
	static void settings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.JDBC);
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
	}

}
