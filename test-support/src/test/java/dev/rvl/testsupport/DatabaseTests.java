package dev.rvl.testsupport;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DatabaseTests {

	final Database database = Database.at("jdbc:postgresql://127.0.0.1:5432/orders?x=1", "u", "p");

	@Test
	void derivesTheR2dbcUrlFromTheJdbcUrl() {
		assertThat(this.database.r2dbcUrl()).isEqualTo("r2dbc:postgresql://127.0.0.1:5432/orders?x=1");
	}

	@Test
	void givesEachAppTheVariablesItReads() {
		assertThat(this.database.appEnvironment(true)).containsExactly(
				entry("SPRING_R2DBC_URL", "r2dbc:postgresql://127.0.0.1:5432/orders?x=1"),
				entry("SPRING_R2DBC_USERNAME", "u"), entry("SPRING_R2DBC_PASSWORD", "p"));
		assertThat(this.database.appEnvironment(false)).containsExactly(
				entry("SPRING_DATASOURCE_URL", "jdbc:postgresql://127.0.0.1:5432/orders?x=1"),
				entry("SPRING_DATASOURCE_USERNAME", "u"), entry("SPRING_DATASOURCE_PASSWORD", "p"));
	}

	static java.util.Map.Entry<String, String> entry(String key, String value) {
		return java.util.Map.entry(key, value);
	}

}
