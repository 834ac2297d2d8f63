package dev.rvl.loom;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration;

/**
 * The order flow on blocking Spring MVC: straight-line code on virtual threads, JDBC,
 * {@code RestClient}. Profile {@code platform} runs the same code on Tomcat's classic
 * pool. Errors that reach Tomcat (a body read that timed out, a malformed request line)
 * are answered by {@code ProblemErrorReportValve} as problems; Spring Boot's error page,
 * which would render its own JSON for them, is left out here rather than in
 * {@code application.yml}, whose exclusions a profile may replace.
 */
@SpringBootApplication(exclude = ErrorMvcAutoConfiguration.class)
public class LoomApplication {

	public static void main(String[] args) {
		SpringApplication.run(LoomApplication.class, args);
	}

}
