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
 * default and on platform threads under the {@code platform} profile, where bulk tasks
 * have a pool of their own: on the fan-out pool a few bulk requests took every thread
 * their own partner calls (and everyone else's) were queued for.
 */
class ThreadModelTests {

	/**
	 * On the local PostgreSQL through the {@code local} profile, as under
	 * {@code spring-boot:run}.
	 */
	static final String PROPERTIES = "local-postgres.database=loom_threads";

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = PROPERTIES)
	@ActiveProfiles("local")
	class ByDefault {

		@LocalServerPort
		int port;

		@Test
		void handlesRequestsAndForkedTasksOnVirtualThreads() {
			assertThat(threads(this.port)).isEqualTo("request=virtual forked=virtual bulk=virtual");
		}

	}

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = PROPERTIES)
	@ActiveProfiles({ "local", "platform" })
	class UnderThePlatformProfile {

		@LocalServerPort
		int port;

		@Test
		void handlesRequestsAndForkedTasksOnPlatformThreads() {
			assertThat(threads(this.port)).startsWith("request=platform:http-nio-")
				.contains(" forked=platform:fanout-")
				.contains(" bulk=platform:bulk-");
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
		ThreadProbeController threadProbeController(AsyncTaskExecutor applicationTaskExecutor,
				AsyncTaskExecutor bulkTaskExecutor) {
			return new ThreadProbeController(applicationTaskExecutor, bulkTaskExecutor);
		}

	}

	@RestController
	static class ThreadProbeController {

		private final AsyncTaskExecutor applicationTaskExecutor;

		private final AsyncTaskExecutor bulkTaskExecutor;

		ThreadProbeController(AsyncTaskExecutor applicationTaskExecutor, AsyncTaskExecutor bulkTaskExecutor) {
			this.applicationTaskExecutor = applicationTaskExecutor;
			this.bulkTaskExecutor = bulkTaskExecutor;
		}

		@GetMapping("/test/threads")
		String threads() throws Exception {
			Future<String> forked = this.applicationTaskExecutor.submit(ThreadProbeController::describe);
			Future<String> bulk = this.bulkTaskExecutor.submit(ThreadProbeController::describe);
			return "request=" + describe() + " forked=" + forked.get() + " bulk=" + bulk.get();
		}

		static String describe() {
			Thread thread = Thread.currentThread();
			return thread.isVirtual() ? "virtual" : "platform:" + thread.getName();
		}

	}

}
