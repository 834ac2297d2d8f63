package dev.rvl.contract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
import java.util.Optional;
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
	 * client would send - and reads one answer ({@link #readAnswer}; at most 30 s).
	 */
	public Response raw(String request) {
		return raw(request, false);
	}

	/**
	 * As {@link #raw}, then waits until the server closes the connection - what a server
	 * does after a request whose end it cannot find - and fails if anything but that one
	 * answer came.
	 */
	public Response rawThenClosed(String request) {
		return raw(request, true);
	}

	private Response raw(String request, boolean thenClosed) {
		try (Socket socket = new Socket(this.baseUrl.getHost(), this.baseUrl.getPort())) {
			socket.setSoTimeout(30_000);
			socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
			socket.getOutputStream().flush();
			Response answer = readAnswer(socket.getInputStream())
				.orElseThrow(() -> new IllegalStateException("the connection closed without an answer"));
			byte[] more = thenClosed ? socket.getInputStream().readAllBytes() : new byte[0];
			if (more.length > 0) {
				throw new IllegalStateException(
						"more than one answer: " + answer + " then " + new String(more, StandardCharsets.ISO_8859_1));
			}
			return answer;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Reads one HTTP/1.1 answer: its head, then its body - chunked, as many bytes as its
	 * {@code Content-Length} says, or without either until the server closes the
	 * connection.
	 * @return the answer, or empty when the connection closed before a byte of it
	 */
	public static Optional<Response> readAnswer(InputStream in) throws IOException {
		StringBuilder head = new StringBuilder();
		while (head.length() < 4 || head.lastIndexOf("\r\n\r\n") != head.length() - 4) {
			int next = in.read();
			if (next < 0) {
				if (head.isEmpty()) {
					return Optional.empty();
				}
				throw new IllegalStateException("the connection closed within the answer's head: " + head);
			}
			head.append((char) next);
		}
		String[] lines = head.substring(0, head.length() - 4).split("\r\n");
		Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
		for (int i = 1; i < lines.length; i++) {
			int colon = lines[i].indexOf(':');
			headers.computeIfAbsent(lines[i].substring(0, colon).trim(), (name) -> new ArrayList<>())
				.add(lines[i].substring(colon + 1).trim());
		}
		List<String> length = headers.getOrDefault("Content-Length", List.of());
		byte[] body;
		if (headers.getOrDefault("Transfer-Encoding", List.of()).contains("chunked")) {
			body = readChunks(in);
		}
		else {
			body = length.isEmpty() ? in.readAllBytes() : in.readNBytes(Integer.parseInt(length.get(0)));
		}
		return Optional.of(new Response(Integer.parseInt(lines[0].split(" ")[1]),
				HttpHeaders.of(headers, (name, value) -> true), new String(body, StandardCharsets.ISO_8859_1)));
	}

	private static byte[] readChunks(InputStream in) throws IOException {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		for (int size = chunkSize(in); size > 0; size = chunkSize(in)) {
			body.write(in.readNBytes(size));
			line(in); // the chunk's CRLF
		}
		for (String trailer = line(in); !trailer.isEmpty(); trailer = line(in)) {
			// trailers are not used here
		}
		return body.toByteArray();
	}

	private static int chunkSize(InputStream in) throws IOException {
		String line = line(in);
		int extension = line.indexOf(';');
		return Integer.parseInt((extension < 0) ? line.trim() : line.substring(0, extension).trim(), 16);
	}

	private static String line(InputStream in) throws IOException {
		StringBuilder line = new StringBuilder();
		for (int next = in.read(); next != '\n'; next = in.read()) {
			if (next < 0) {
				throw new IllegalStateException("the connection closed within a chunked body");
			}
			line.append((char) next);
		}
		return line.toString().strip();
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
