package dev.rvl.localdb;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * An app on the {@code local} profile, run as a process of its own by
 * {@link LocalPostgresShutdownTests}, whose shutdown still uses the database for a
 * moment, as a graceful shutdown's last requests do. Prints its database URL once started
 * and what its query at shutdown returned; runs until stopped.
 */
@Configuration(proxyBeanMethods = false)
public class StoppingApp {

	static final String STARTED = "started on ";

	static final String QUERIED = "queried at shutdown: ";

	public static void main(String[] args) throws InterruptedException {
		Environment environment = new SpringApplicationBuilder(StoppingApp.class).web(WebApplicationType.NONE)
			.profiles(LocalPostgresEnvironmentPostProcessor.PROFILE)
			.run(args)
			.getEnvironment();
		System.out.println(STARTED + environment.getProperty("spring.datasource.url"));
		Thread.currentThread().join();
	}

	@Bean
	DisposableBean lastRequest(Environment environment) {
		return () -> {
			Thread.sleep(Duration.ofSeconds(1));
			try (Connection connection = DriverManager.getConnection(environment.getProperty("spring.datasource.url"),
					LocalPostgres.USER, LocalPostgres.PASSWORD);
					Statement statement = connection.createStatement();
					ResultSet result = statement.executeQuery("SELECT 42")) {
				result.next();
				System.out.println(QUERIED + result.getInt(1));
			}
			catch (SQLException ex) {
				System.out.println(QUERIED + ex);
			}
		};
	}

}
