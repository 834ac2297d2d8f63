package dev.rvl.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real HTTP client (the JDK's, HTTP/1.1) for the API under test. Every answer is
 * checked against the OpenAPI description the apps serve ({@link OpenApiDescription});
 * what does not conform is collected in {@link #violations()} for the test to assert on.
 */
public final class Api {

	/** Kept per client; more would only repeat the same mistake. */
	private static final int MAX_VIOLATIONS = 50;

	static final ObjectMapper JSON = JsonMapper.builder().build();

	private final URI baseUrl;

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private final List<String> violations = new CopyOnWriteArrayList<>();

	public Api(URI baseUrl) {
		this.baseUrl = baseUrl;
	}

	/**
	 * The answers so far that did not conform to the OpenAPI description, each with its
	 * request.
	 */
	public List<String> violations() {
		return List.copyOf(this.violations);
	}

	/**
	 * Checks one NDJSON result line of a bulk answer against the description's
	 * {@code BulkResult} and returns it parsed.
	 */
	public JsonNode bulkResult(String line) {
		record(OpenApiDescription.shared().schemaViolations("BulkResult", line), "bulk result line " + line);
		return JSON.readTree(line);
	}

	public URI baseUrl() {
		return this.baseUrl;
	}

	public Response get(String path, String... headers) {
		return send(request(path, headers).GET());
	}

	/** GETs {@code path}, waiting at most {@code timeout} for the answer. */
	public Response get(String path, Duration timeout) {
		return send(request(path).timeout(timeout).GET());
	}

	/** POSTs JSON to {@code /api/orders}, with headers as name/value pairs. */
	public Response placeOrder(String json, String... headers) {
		return post("/api/orders", "application/json", json, headers);
	}

	public Response post(String path, String contentType, String body, String... headers) {
		HttpRequest.Builder request = request(path, headers).POST(HttpRequest.BodyPublishers.ofString(body));
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		return send(request);
	}

	public Response send(String method, String path, String... headers) {
		return send(request(path, headers).method(method, HttpRequest.BodyPublishers.noBody()));
	}

	/** Sends the same order {@code count} times at once and waits for all answers. */
	public List<Response> placeConcurrently(int count, IntFunction<String> json, String... headers) {
		return placeConcurrentlyAsync(count, json, headers).stream().map(CompletableFuture::join).toList();
	}

	/**
	 * Opens {@code count} keep-alive connections (concurrent {@code GET /openapi.yaml},
	 * outside admission) that the next concurrent requests reuse, so a burst reaches the
	 * server within a few milliseconds instead of waiting for as many TCP handshakes on a
	 * busy machine.
	 */
	public void openConnections(int count) {
		List<CompletableFuture<HttpResponse<Void>>> pending = IntStream.range(0, count)
			.mapToObj((i) -> this.http.sendAsync(request("/openapi.yaml").GET().build(),
					HttpResponse.BodyHandlers.discarding()))
			.toList();
		pending.forEach(CompletableFuture::join);
	}

	/** Sends {@code count} orders at once; the answers arrive in the returned futures. */
	public List<CompletableFuture<Response>> placeConcurrentlyAsync(int count, IntFunction<String> json,
			String... headers) {
		return placeConcurrentlyAsync("/api/orders", count, json, headers);
	}

	/**
	 * Sends {@code count} orders at once to {@code path} (another spelling of
	 * {@code /api/orders}, say); the answers arrive in the returned futures.
	 */
	public List<CompletableFuture<Response>> placeConcurrentlyAsync(String path, int count, IntFunction<String> json,
			String... headers) {
		return IntStream.range(0, count).mapToObj((i) -> {
			HttpRequest request = request(path, headers).header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(json.apply(i)))
				.build();
			return this.http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(this::checked);
		}).toList();
	}

	/** Sends one generated request and waits for the answer, at most {@code timeout}. */
	public Response send(BadInput.Case generated, Duration timeout) {
		HttpRequest.Builder request = request(generated.path()).timeout(timeout);
		if (generated.contentType() != null) {
			request.header("Content-Type", generated.contentType());
		}
		if (generated.idempotencyKey() != null) {
			request.header("Idempotency-Key", generated.idempotencyKey());
		}
		return send(request.method(generated.method(), generated.body().isEmpty() ? HttpRequest.BodyPublishers.noBody()
				: HttpRequest.BodyPublishers.ofString(generated.body())));
	}

	/**
	 * Writes {@code request} to a connection of its own as it is - for requests no HTTP
	 * client would send - and reads the answer until the server closes the connection (at
	 * most 30 s). The answer must carry its length in {@code Content-Length}.
	 */
	public Response raw(String request) {
		try (Socket socket = new Socket(this.baseUrl.getHost(), this.baseUrl.getPort())) {
			socket.setSoTimeout(30_000);
			socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
			socket.getOutputStream().flush();
			String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
			int headEnd = answer.indexOf("\r\n\r\n");
			if (headEnd < 0) {
				throw new IllegalStateException("no complete answer before the connection closed: " + answer);
			}
			String[] head = answer.substring(0, headEnd).split("\r\n");
			Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
			for (int i = 1; i < head.length; i++) {
				int colon = head[i].indexOf(':');
				headers.computeIfAbsent(head[i].substring(0, colon).trim(), (name) -> new ArrayList<>())
					.add(head[i].substring(colon + 1).trim());
			}
			return new Response(Integer.parseInt(head[0].split(" ")[1]), HttpHeaders.of(headers, (name, value) -> true),
					answer.substring(headEnd + 4));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private HttpRequest.Builder request(String path, String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.baseUrl.resolve(path))
			.timeout(Duration.ofSeconds(30));
		for (int i = 0; i < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		return request;
	}

	private Response send(HttpRequest.Builder request) {
		try {
			return checked(this.http.send(request.build(), HttpResponse.BodyHandlers.ofString()));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private Response checked(HttpResponse<String> answer) {
		HttpRequest request = answer.request();
		record(OpenApiDescription.shared()
			.responseViolations(request.method(), request.uri(), answer.statusCode(), answer.headers().map(),
					answer.body()),
				request.method() + " " + request.uri().getRawPath()
						+ ((request.uri().getRawQuery() != null) ? "?" + request.uri().getRawQuery() : "") + " -> "
						+ answer.statusCode() + " " + answer.body());
		return Response.of(answer);
	}

	private void record(List<String> found, String context) {
		if (!found.isEmpty() && this.violations.size() < MAX_VIOLATIONS) {
			this.violations.add(found + " in " + context);
		}
	}

	/**
	 * An HTTP answer.
	 *
	 * @param status the status code
	 * @param headers the headers
	 * @param body the body as text
	 */
	public record Response(int status, HttpHeaders headers, String body) {

		static Response of(HttpResponse<String> response) {
			return new Response(response.statusCode(), response.headers(), response.body());
		}

		public JsonNode json() {
			return JSON.readTree(this.body);
		}

		public String header(String name) {
			return this.headers.firstValue(name).orElse(null);
		}

		public String contentType() {
			return header("Content-Type");
		}

		/**
		 * The problem {@code type} of an error answer, or {@code null} when the body has
		 * none.
		 */
		public String problemType() {
			try {
				JsonNode type = json().get("type");
				return (type != null) ? type.asString() : null;
			}
			catch (RuntimeException ex) {
				return null;
			}
		}

		@Override
		public String toString() {
			return this.status + " " + this.body;
		}

	}

}
