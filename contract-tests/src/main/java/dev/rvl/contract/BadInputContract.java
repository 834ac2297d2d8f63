package dev.rvl.contract;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

import dev.rvl.contract.Api.Response;
import dev.rvl.domain.problem.ProblemKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad input at scale: thousands of generated requests ({@link BadInput}), each answered
 * with a success or a documented problem.
 */
public interface BadInputContract extends ContractBase {

	/**
	 * 10,000 generated requests (random text and JSON, valid orders with one part
	 * mutated, truncated bodies, garbage in paths, queries and headers): every answer is
	 * a success or a problem of a documented kind with its documented status; never a
	 * 500, a stack trace, a class name or SQL.
	 */
	@Test
	default void answersTenThousandGeneratedRequestsWithDocumentedProblemsOnly() throws InterruptedException {
		List<BadInput.Case> cases = BadInput.cases(10_000).toList();
		Map<Integer, Long> statuses = new ConcurrentHashMap<>();
		List<String> violations = Collections.synchronizedList(new ArrayList<>());
		Semaphore concurrency = new Semaphore(16);
		List<String> unanswered = Collections.synchronizedList(new ArrayList<>());
		try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
			for (BadInput.Case generated : cases) {
				concurrency.acquire();
				executor.submit(() -> {
					try {
						Response response = api().send(generated, LIVENESS_TIMEOUT);
						statuses.merge(response.status(), 1L, Long::sum);
						String violation = undocumented(response);
						if (violation != null && violations.size() < 20) {
							violations.add(violation + " for " + generated);
						}
					}
					catch (UncheckedIOException ex) {
						unanswered.add(ex.getCause() + " for " + generated);
					}
					finally {
						concurrency.release();
					}
				});
			}
		}
		System.out.println("bad input: " + cases.size() + " requests, statuses " + new TreeMap<>(statuses)
				+ ", without an answer within " + LIVENESS_TIMEOUT.toSeconds() + " s: " + unanswered.size());

		assertThat(violations).isEmpty();
		assertThat(unanswered).as("requests without an answer").isEmpty();
		assertThat(statuses.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(cases.size());
		assertThat(statuses).doesNotContainKey(500);
	}

	private static String undocumented(Response response) {
		if (response.status() == 200 || response.status() == 201) {
			return null;
		}
		String type = response.problemType();
		if (response.contentType() == null || !response.contentType().startsWith("application/problem+json")) {
			return response.status() + " without a problem body: " + response.body();
		}
		if (!BadInput.documentedTypes().contains(type)) {
			return "undocumented problem type " + type;
		}
		ProblemKind kind = ProblemKind.fromSlug(type.substring("/problems/".length())).orElseThrow();
		if (kind.status() != response.status() || kind == ProblemKind.INTERNAL) {
			return "status " + response.status() + " for " + type + ": " + response.body();
		}
		for (String leak : List.of("Exception", "\tat ", "org.springframework", "java.", "SQLState", "SELECT ")) {
			if (response.body().contains(leak)) {
				return "leaks '" + leak + "': " + response.body();
			}
		}
		return null;
	}

}
