package dev.rvl.reactive;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The order flow on Spring WebFlux: Reactor pipelines, R2DBC, {@code WebClient}. Never
 * blocks a thread.
 */
@SpringBootApplication
public class ReactiveApplication {

	public static void main(String[] args) {
		SpringApplication.run(ReactiveApplication.class, args);
	}

}
