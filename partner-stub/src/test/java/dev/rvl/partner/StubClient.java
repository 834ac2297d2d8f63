package dev.rvl.partner;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Real HTTP/1.1 client for the stub under test (JDK {@link HttpClient}: one connection
 * per concurrent request, no pool limit).
 */
final class StubClient implements AutoCloseable {

	static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private final String baseUrl;

	StubClient(int port) {
		this.baseUrl = "http://localhost:" + port;
	}

	static JsonNode json(String json) {
		return JSON.readTree(json);
	}

	Reply get(String path) throws IOException, InterruptedException {
		return send(request(path, REQUEST_TIMEOUT).GET().build());
	}

	Reply get(String path, Duration timeout) throws IOException, InterruptedException {
		return send(request(path, timeout).GET().build());
	}

	Reply put(String path, String json) throws IOException, InterruptedException {
		return send(request(path, REQUEST_TIMEOUT).header("Content-Type", "application/json")
			.PUT(BodyPublishers.ofString(json))
			.build());
	}

	Reply delete(String path) throws IOException, InterruptedException {
		return send(request(path, REQUEST_TIMEOUT).DELETE().build());
	}

	/**
	 * Sends all GETs at once and waits for every answer.
	 * @param paths what to get
	 * @return the replies, in the order of {@code paths}
	 */
	List<Reply> getAll(List<String> paths) throws Exception {
		List<CompletableFuture<Reply>> replies = paths.stream().map(this::getAsync).toList();
		CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new))
			.get(REQUEST_TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS);
		return replies.stream().map(CompletableFuture::join).toList();
	}

	CompletableFuture<Reply> getAsync(String path) {
		HttpRequest request = request(path, REQUEST_TIMEOUT).GET().build();
		long start = System.nanoTime();
		return this.http.sendAsync(request, BodyHandlers.ofString())
			.thenApply((response) -> new Reply(response.statusCode(),
					response.headers().firstValue("Content-Type").orElse(""), response.body(),
					Duration.ofNanos(System.nanoTime() - start)));
	}

	private Reply send(HttpRequest request) throws IOException, InterruptedException {
		long start = System.nanoTime();
		var response = this.http.send(request, BodyHandlers.ofString());
		return new Reply(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
				response.body(), Duration.ofNanos(System.nanoTime() - start));
	}

	private HttpRequest.Builder request(String path, Duration timeout) {
		return HttpRequest.newBuilder(URI.create(this.baseUrl + path)).timeout(timeout);
	}

	@Override
	public void close() {
		this.http.shutdownNow();
	}

	/**
	 * One answer and how long the client waited for it.
	 *
	 * @param status HTTP status
	 * @param contentType the Content-Type header, empty if none
	 * @param body response body
	 * @param took time from sending to the complete answer
	 */
	record Reply(int status, String contentType, String body, Duration took) {

		JsonNode json() {
			return JSON.readTree(this.body);
		}

	}

}
