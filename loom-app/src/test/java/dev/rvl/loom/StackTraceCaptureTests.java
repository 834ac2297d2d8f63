package dev.rvl.loom;

import java.util.Map;
import java.util.function.Predicate;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.FailureCapture;
import dev.rvl.contract.PartnerStub;
import dev.rvl.contract.TestDatabase;
import dev.rvl.contract.Traces;
import dev.rvl.domain.problem.ProblemException;
import dev.rvl.web.ProblemResponses;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnJre;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataAccessException;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Captures the stack traces the readability page ({@code docs/readability.html})
 * compares: the same two failures as the reactive twin — a partner timeout while placing
 * an order, a constraint violation in the write — as the app's problem handler receives
 * them from a real request, on the request's virtual thread.
 * <p>
 * The traces are normalized (line numbers, lambda and proxy numbers, hash codes, ids) and
 * compared with the committed fixtures under {@code docs/stacktraces}: a change in the
 * flow's frames fails here until the fixtures are captured again with
 * {@code ./readability/regenerate.sh} ({@code -Dreadability.capture=true}). The partner
 * timeout is captured again with {@code partner.fan-out=structured}, the fan-out written
 * with {@code StructuredTaskScope}, for the page's third column.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@Import(StackTraceCaptureTests.CapturingProblemHandler.class)
class StackTraceCaptureTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("loom_stacktraces");

	static final String APP = "loom";

	/**
	 * The HTTP client's read timeout (also {@code partner.timeout}) races the fan-out
	 * deadline: in about one run in ten the forked call's own timeout wins, and the trace
	 * is then the forked virtual thread's, without the request's frames. The page shows
	 * the deadline's, which is what most runs get.
	 */
	static final Predicate<String> PARTNER_TIMEOUT = (trace) -> trace
		.contains("at dev.rvl.loom.concurrent.FanOut.join(");

	/**
	 * The same race with the structured fan-out: the scope's deadline, not the call's.
	 */
	static final Predicate<String> STRUCTURED_PARTNER_TIMEOUT = (trace) -> trace
		.contains("at dev.rvl.loom.partner.structured.StructuredPartnerClient.quotes(");

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.JDBC);
	}

	@Test
	void capturesTheFailuresAsTheProblemHandlerReceivesThem() {
		Map<String, String> traces = CapturingProblemHandler.FAILURES.capture(ContractSettings.baseUrl(this.port),
				PartnerStub.shared().baseUrl(), DATABASE.jdbcUrl(), PARTNER_TIMEOUT);

		assertThat(traces.get("partner-timeout")).contains("partner-timeout");
		assertThat(traces.get("constraint-violation")).contains("order_line_quantity_at_most_50");
		Traces.checkCommitted(APP, traces);
	}

	/**
	 * The partner timeout with {@code partner.fan-out=structured}: only on JDK 25, where
	 * the structured fan-out is compiled and the tests run with {@code --enable-preview}.
	 * The constraint violation does not reach the fan-out, so only the timeout is kept.
	 */
	@Nested
	@TestPropertySource(properties = "partner.fan-out=structured")
	@EnabledOnJre(versions = 25)
	class WithTheStructuredFanOut {

		@LocalServerPort
		int port;

		@Test
		void capturesThePartnerTimeoutAsTheProblemHandlerReceivesIt() {
			Map<String, String> traces = CapturingProblemHandler.FAILURES.capture(ContractSettings.baseUrl(this.port),
					PartnerStub.shared().baseUrl(), DATABASE.jdbcUrl(), STRUCTURED_PARTNER_TIMEOUT);

			assertThat(traces.get("partner-timeout")).contains("partner-timeout");
			Traces.checkCommitted(APP + "-structured", Map.of("partner-timeout", traces.get("partner-timeout")));
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
