package dev.rvl.partner;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Entry point of the partner stub: a Spring WebFlux app that serves the fraud and
 * shipping partner APIs with configurable latency and run-time fault injection.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class PartnerStubApplication {

	/**
	 * Starts the stub, by default on port 8090.
	 * @param args command line arguments, e.g. {@code --server.port=9000}
	 */
	public static void main(String[] args) {
		SpringApplication.run(PartnerStubApplication.class, args);
	}

}
