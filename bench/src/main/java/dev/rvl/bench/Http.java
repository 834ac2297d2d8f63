package dev.rvl.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

import dev.rvl.testsupport.ChildProcess;

/** The runner's own small HTTP needs (readiness, scrapes, the stub's admin API). */
final class Http {

	private static final HttpClient CLIENT = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(2))
		.build();

	private Http() {
	}

	static HttpClient client() {
		return CLIENT;
	}

	/** The body of a 200 answer, empty on any other status, error or timeout. */
	static Optional<String> get(URI uri, Duration timeout) {
		try {
			HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(uri)
				.timeout(timeout)
				.header("Accept", "text/plain;version=0.0.4, application/json;q=0.9, */*;q=0.1")
				.GET()
				.build(), HttpResponse.BodyHandlers.ofString());
			return (response.statusCode() == 200) ? Optional.of(response.body()) : Optional.empty();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

	static int delete(URI uri) {
		try {
			return CLIENT
				.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).DELETE().build(),
						HttpResponse.BodyHandlers.discarding())
				.statusCode();
		}
		catch (IOException ex) {
			return -1;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return -1;
		}
	}

	/** Polls until a 200 answer, the process dies, or the timeout passes. */
	static boolean awaitOk(URI uri, ChildProcess process, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (!process.isAlive()) {
				return false;
			}
			if (get(uri, Duration.ofSeconds(2)).isPresent()) {
				return true;
			}
			Thread.sleep(250);
		}
		return false;
	}

}
