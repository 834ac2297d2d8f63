package dev.rvl.loom;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.rvl.contract.Api;
import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.PartnerStub;
import dev.rvl.contract.TestDatabase;
import dev.rvl.contract.Traces;
import dev.rvl.domain.problem.ProblemException;
import dev.rvl.web.ProblemResponses;
import org.junit.jupiter.api.Test;

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
 * {@code ./readability/capture-stacktraces.sh} ({@code -Dreadability.capture=true}).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "local-postgres.enabled=false")
@Import(StackTraceCaptureTests.CapturingProblemHandler.class)
class StackTraceCaptureTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("loom_stacktraces");

	static final String APP = "loom";

	@LocalServerPort
	int port;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.properties(DATABASE, PartnerStub.shared(), false)
			.forEach((name, value) -> registry.add(name, () -> value));
	}

	@Test
	void capturesTheFailuresAsTheProblemHandlerReceivesThem() {
		Map<String, String> traces = Failures.capture(URI.create("http://127.0.0.1:" + this.port),
				PartnerStub.shared().baseUrl(), DATABASE.jdbcUrl());

		assertThat(traces.get("partner-timeout")).contains("partner-timeout");
		assertThat(traces.get("constraint-violation")).contains("order_line_quantity_at_most_50");
		Traces.checkCommitted(APP, traces);
	}

	/**
	 * The two failures and how their traces are made stable (the same as in the reactive
	 * twin).
	 */
	static final class Failures {

		static final String ORDER = """
				{"customerId": 7, "lines": [{"sku": "SKU-00001", "quantity": 1}]}""";

		static final String VIOLATING_ORDER = """
				{"customerId": 7, "lines": [{"sku": "SKU-00001", "quantity": 60}]}""";

		/**
		 * Places the two failing orders over HTTP and returns the normalized traces the
		 * problem handler received, by scenario.
		 */
		static Map<String, String> capture(URI app, URI stub, String jdbcUrl) {
			Api api = new Api(app);
			// A rule the schema might gain that the shared validator (1..100) does not
			// know.
			Traces.sql(jdbcUrl, "ALTER TABLE order_line DROP CONSTRAINT IF EXISTS order_line_quantity_at_most_50",
					"ALTER TABLE order_line ADD CONSTRAINT order_line_quantity_at_most_50 CHECK (quantity <= 50) NOT VALID");
			warmUp(api);
			// Each failure twice, the second kept: a first request may run one-time
			// initialization that the trace would show.
			Map<String, String> traces = new TreeMap<>();
			for (int run = 0; run < 2; run++) {
				traces.put("constraint-violation", fail(api, 500, VIOLATING_ORDER));
				Traces.faults(stub, "PUT", "{\"hangRate\": 1.0}");
				try {
					traces.put("partner-timeout", deadlineTimeout(api));
				}
				finally {
					Traces.faults(stub, "DELETE", null);
				}
			}
			return traces;
		}

		/** Places orders until one succeeds, as the reactive twin does. */
		private static void warmUp(Api api) {
			for (int attempt = 0; attempt < 5; attempt++) {
				if (api.placeOrder(ORDER).status() == 201) {
					CapturingProblemHandler.FAILURES.clear();
					return;
				}
			}
			throw new IllegalStateException("No order succeeded: " + CapturingProblemHandler.describe());
		}

		/**
		 * The HTTP client's read timeout (also {@code partner.timeout}) races the fan-out
		 * deadline: in about one run in ten the forked call's own timeout wins, and the
		 * trace is then the forked virtual thread's, without the request's frames. The
		 * page shows the deadline's, which is what most runs get.
		 */
		private static String deadlineTimeout(Api api) {
			for (int attempt = 0; attempt < 10; attempt++) {
				String trace = fail(api, 504, ORDER);
				if (trace.contains("at dev.rvl.loom.concurrent.FanOut.join(")) {
					return trace;
				}
			}
			throw new IllegalStateException("The fan-out deadline never fired first in 10 partner timeouts");
		}

		private static String fail(Api api, int status, String order) {
			CapturingProblemHandler.FAILURES.clear();
			Api.Response response = api.placeOrder(order);
			assertThat(response.status()).as(CapturingProblemHandler::describe).isEqualTo(status);
			return Traces.normalize(CapturingProblemHandler.only());
		}

	}

	/**
	 * Sees each failure before the app's own handler would, keeps it, and answers as the
	 * app does.
	 */
	@RestControllerAdvice
	@Order(Ordered.HIGHEST_PRECEDENCE)
	static class CapturingProblemHandler {

		static final List<Throwable> FAILURES = new CopyOnWriteArrayList<>();

		@ExceptionHandler({ ProblemException.class, DataAccessException.class })
		ResponseEntity<Map<String, Object>> capture(Throwable ex) {
			FAILURES.add(ex);
			return ProblemResponses.of(ex);
		}

		static String describe() {
			return FAILURES.stream().map(Traces::normalize).toList().toString();
		}

		static Throwable only() {
			assertThat(FAILURES).hasSize(1);
			return FAILURES.remove(0);
		}

	}

}
