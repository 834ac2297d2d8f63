package dev.rvl.reactive;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.FailureCapture;
import dev.rvl.contract.PartnerStub;
import dev.rvl.contract.TestDatabase;
import dev.rvl.contract.Traces;
import dev.rvl.domain.problem.ProblemException;
import dev.rvl.web.ProblemResponses;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;
import reactor.core.Exceptions;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.tools.agent.ReactorDebugAgent;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataAccessException;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Captures the stack traces the readability page ({@code docs/readability.html})
 * compares: the same two failures as the Loom twin — a partner timeout while placing an
 * order, a constraint violation in the write — as the app's problem handler receives them
 * from a real request. Plain (this JVM), and with each of Reactor's debug aids,
 * {@code Hooks.onOperatorDebug()} and {@code ReactorDebugAgent}, each in a JVM of its own
 * where it is switched on first thing in {@code main}, as Reactor documents.
 * <p>
 * The traces are normalized (line numbers, lambda and proxy numbers, hash codes, ids) and
 * compared with the committed fixtures under {@code docs/stacktraces}: a change in the
 * flow's frames fails here until the fixtures are captured again with
 * {@code ./readability/regenerate.sh} ({@code -Dreadability.capture=true}).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@Import(StackTraceCaptureTests.CapturingProblemHandler.class)
class StackTraceCaptureTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("reactive_stacktraces");

	static final String APP = "reactive";

	/** The one partner timeout there is: the deadline's, on the timer thread. */
	static final Predicate<String> PARTNER_TIMEOUT = (trace) -> true;

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.R2DBC);
	}

	@Test
	void capturesTheFailuresAsTheProblemHandlerReceivesThem() {
		Map<String, String> traces = CapturingProblemHandler.FAILURES.capture(ContractSettings.baseUrl(this.port),
				PartnerStub.shared().baseUrl(), DATABASE.jdbcUrl(), PARTNER_TIMEOUT);

		assertThat(traces.get("partner-timeout")).contains("partner-timeout");
		assertThat(traces.get("constraint-violation")).contains("order_line_quantity_at_most_50");
		Traces.checkCommitted(APP, traces);
	}

	@Test
	void capturesThemWithOnOperatorDebug() throws Exception {
		Traces.checkCommitted(APP + "-onoperatordebug", inOwnJvm("onoperatordebug"));
	}

	@Test
	void capturesThemWithReactorDebugAgent() throws Exception {
		Traces.checkCommitted(APP + "-debugagent", inOwnJvm("debugagent"));
	}

	/** Runs {@link DebugAidMain} in a JVM of its own and reads the traces it wrote. */
	private Map<String, String> inOwnJvm(String aid) throws IOException, InterruptedException {
		Path out = Path.of("target", "stacktraces", aid);
		Files.createDirectories(out);
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
						"-XX:+EnableDynamicAgentLoading", "-XX:+AllowRedefinitionToAddDeleteMethods", "-cp",
						classPath(), DebugAidMain.class.getName(), aid, out.toAbsolutePath().toString(),
						PartnerStub.shared().baseUrl().toString(), DATABASE.jdbcUrl()));
		ContractSettings.properties(DATABASE, PartnerStub.shared(), Driver.R2DBC)
			.forEach((name, value) -> command.add("--" + name + "=" + value));
		command.addAll(List.of("--server.port=0", "--spring.main.banner-mode=off"));
		Process process = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(out.resolve("app.log").toFile())
			.start();
		if (!process.waitFor(3, TimeUnit.MINUTES)) {
			process.destroyForcibly();
			throw new IllegalStateException("Capture with " + aid + " did not finish; see " + out.resolve("app.log"));
		}
		assertThat(process.exitValue()).as("exit code; see " + out.resolve("app.log")).isZero();
		assertThat(out.resolve("blockhound.txt")).as("BlockHound in the capture's JVM").hasContent("watching");
		Map<String, String> traces = new TreeMap<>();
		for (String scenario : List.of("partner-timeout", "constraint-violation")) {
			traces.put(scenario, Files.readString(out.resolve(scenario + ".txt")));
		}
		return traces;
	}

	private static String classPath() {
		String surefire = System.getProperty("surefire.test.class.path");
		return (surefire != null && !surefire.isBlank()) ? surefire : System.getProperty("java.class.path");
	}

	/**
	 * Starts the app with one of Reactor's debug aids switched on before anything else,
	 * places the two failing orders and writes the traces.
	 */
	static final class DebugAidMain {

		public static void main(String[] args) throws IOException {
			// As in every test JVM of this module: a blocking call on a non-blocking
			// thread fails the request that made it.
			BlockHound.install();
			switch (args[0]) {
				case "onoperatordebug" -> Hooks.onOperatorDebug();
				case "debugagent" -> ReactorDebugAgent.init();
				default -> throw new IllegalArgumentException(args[0]);
			}
			Path out = Path.of(args[1]);
			Files.writeString(out.resolve("blockhound.txt"), blockHoundWatches() ? "watching" : "not watching");
			URI stub = URI.create(args[2]);
			String jdbcUrl = args[3];
			String[] springArgs = List.of(args).subList(4, args.length).toArray(String[]::new);
			SpringApplication application = new SpringApplication(ReactiveApplication.class,
					CapturingProblemHandler.class);
			try (ConfigurableApplicationContext context = application.run(springArgs)) {
				URI app = URI.create("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port"));
				// The outer class's PARTNER_TIMEOUT: naming it would initialize the test
				// class here, and recreate its database under the test JVM's open pool
				// (as blockHoundWatches did when it was the outer class's).
				Map<String, String> traces = CapturingProblemHandler.FAILURES.capture(app, stub, jdbcUrl,
						(trace) -> true);
				for (Map.Entry<String, String> trace : traces.entrySet()) {
					Files.writeString(out.resolve(trace.getKey() + ".txt"), trace.getValue());
				}
			}
			System.exit(0);
		}

		/** Whether a sleep on a Reactor thread is reported, as BlockHound does. */
		static boolean blockHoundWatches() {
			try {
				Mono.delay(Duration.ofMillis(1))
					.doOnNext((tick) -> BlockHoundTests.sleep())
					.block(Duration.ofSeconds(10));
				return false;
			}
			catch (RuntimeException ex) {
				return Exceptions.unwrap(ex) instanceof BlockingOperationError
						|| ex.getCause() instanceof BlockingOperationError;
			}
		}

	}

	/**
	 * Sees each failure before the app's own handler would, keeps it, and answers as the
	 * app does.
	 */
	@RestControllerAdvice
	@Order(Ordered.HIGHEST_PRECEDENCE)
	static class CapturingProblemHandler {

		static final FailureCapture FAILURES = new FailureCapture();

		@ExceptionHandler({ ProblemException.class, DataAccessException.class })
		ResponseEntity<Map<String, Object>> capture(Throwable ex) {
			FAILURES.add(ex);
			return ProblemResponses.of(ex);
		}

	}

}
