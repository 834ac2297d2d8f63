package dev.rvl.loom;

import java.net.URI;
import java.util.concurrent.Future;

import dev.rvl.contract.Api;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests and the tasks they fork (partner fan-out, bulk) run on virtual threads by
 * default and on platform threads under the {@code platform} profile.
 */
class ThreadModelTests {

	static final String PROPERTIES = "local-postgres.database=loom_threads";

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = PROPERTIES)
	class ByDefault {

		@LocalServerPort
		int port;

		@Test
		void handlesRequestsAndForkedTasksOnVirtualThreads() {
			assertThat(threads(this.port)).isEqualTo("request=virtual forked=virtual");
		}

	}

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = PROPERTIES)
	@ActiveProfiles("platform")
	class UnderThePlatformProfile {

		@LocalServerPort
		int port;

		@Test
		void handlesRequestsAndForkedTasksOnPlatformThreads() {
			assertThat(threads(this.port)).startsWith("request=platform:http-nio-")
				.contains(" forked=platform:fanout-");
		}

	}

	static String threads(int port) {
		Api.Response response = new Api(URI.create("http://127.0.0.1:" + port)).get("/test/threads");
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		return response.body();
	}

	/** A probe endpoint, only in this test's context. */
	@TestConfiguration
	static class ThreadProbe {

		@Bean
		ThreadProbeController threadProbeController(AsyncTaskExecutor applicationTaskExecutor) {
			return new ThreadProbeController(applicationTaskExecutor);
		}

	}

	@RestController
	static class ThreadProbeController {

		private final AsyncTaskExecutor executor;

		ThreadProbeController(AsyncTaskExecutor executor) {
			this.executor = executor;
		}

		@GetMapping("/test/threads")
		String threads() throws Exception {
			Future<String> forked = this.executor.submit(ThreadProbeController::describe);
			return "request=" + describe() + " forked=" + forked.get();
		}

		static String describe() {
			Thread thread = Thread.currentThread();
			return thread.isVirtual() ? "virtual" : "platform:" + thread.getName();
		}

	}

}
