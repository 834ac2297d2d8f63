package dev.rvl.loom;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The order flow on blocking Spring MVC: straight-line code on virtual threads, JDBC,
 * {@code RestClient}. Profile {@code platform} runs the same code on Tomcat's classic
 * pool.
 */
@SpringBootApplication
public class LoomApplication {

	public static void main(String[] args) {
		SpringApplication.run(LoomApplication.class, args);
	}

}
