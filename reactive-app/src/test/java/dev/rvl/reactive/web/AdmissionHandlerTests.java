package dev.rvl.reactive.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.rvl.contract.CapturedOutput;
import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.TestDatabase;
import dev.rvl.domain.admission.Admission;
import dev.rvl.domain.admission.Admission.RefusalReason;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.netty.NettyPipeline;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Admission at the door ({@link AdmissionHandler}) over real sockets: the memory guard is
 * one request, held by an order whose body stalls, so every further {@code /api/} request
 * is refused - and where, and how, is what these check.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "local-postgres.enabled=false", "access-log.enabled=true" })
class AdmissionHandlerTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("reactive_admission_handler");

	static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

	static final String ORDER = "{\"customerId\": 42, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}]}";

	/** Each accepted connection's handler names, in pipeline order. */
	static final List<List<String>> PIPELINES = new CopyOnWriteArrayList<>();

	@LocalServerPort
	int port;

	@Autowired
	Admission admission;

	Socket holder;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.R2DBC);
		registry.add("orders.max-in-flight", () -> "1");
	}

	/** Holds the one slot: an order whose body never completes. */
	@BeforeEach
	void holdTheOnlySlot() throws IOException {
		await().atMost(READ_TIMEOUT).until(() -> this.admission.inFlight() == 0);
		this.holder = connect();
		send(this.holder, "POST /api/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
				+ "Content-Length: 200\r\n\r\n{\"customerId\": 42");
		await().atMost(READ_TIMEOUT).until(() -> this.admission.inFlight() == 1);
	}

	@AfterEach
	void releaseTheSlot() throws IOException {
		this.holder.close();
		await().atMost(READ_TIMEOUT).until(() -> this.admission.inFlight() == 0);
	}

	@Test
	void decidesBeforeReactorNettyMakesAnExchange() throws IOException {
		try (Socket socket = connect()) {
			send(socket, "GET /actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\n\r\n");
			assertThat(read(socket).status()).isEqualTo(200);
		}
		assertThat(PIPELINES).isNotEmpty().allSatisfy((names) -> {
			assertThat(names).contains("rvl.admission", NettyPipeline.HttpTrafficHandler);
			assertThat(names.indexOf("rvl.admission")).isEqualTo(names.indexOf(NettyPipeline.HttpTrafficHandler) - 1);
			assertThat(names.indexOf("rvl.admission")).isGreaterThan(names.indexOf(NettyPipeline.HttpCodec));
		});
	}

	@Test
	void refusesWithTheProblemDropsTheBodyAndKeepsTheConnection() throws IOException {
		long refusedBefore = this.admission.refusals(RefusalReason.MEMORY_GUARD);
		try (Socket socket = connect(); CapturedOutput output = CapturedOutput.start()) {
			send(socket, post(ORDER, "").replace("/api/orders", "/api/orders?probe=refused"));
			Answer refused = read(socket);
			// the access log sees it: Reactor Netty's handler sits before the door
			await().atMost(READ_TIMEOUT)
				.until(() -> output.text()
					.lines()
					.anyMatch((line) -> line.contains("access-log")
							&& line.contains("\"POST /api/orders?probe=refused HTTP/1.1\" 503 ")));

			assertThat(refused.status()).isEqualTo(503);
			assertThat(refused.header("content-type")).isEqualTo("application/problem+json");
			assertThat(refused.header("retry-after")).isEqualTo("1");
			assertThat(refused.header("connection")).isNull();
			assertThat(refused.body()).contains("\"type\":\"/problems/overloaded\"", "\"status\":503");

			// the next request on the same connection: the refused one's body was not
			// read as a request
			send(socket, "GET /actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\n\r\n");
			assertThat(read(socket).status()).isEqualTo(200);
		}
		assertThat(this.admission.refusals(RefusalReason.MEMORY_GUARD) - refusedBefore).isEqualTo(1);
	}

	@Test
	void dropsABodyThatArrivesAfterTheRefusal() throws IOException {
		try (Socket socket = connect()) {
			String head = post(ORDER, "");
			send(socket, head.substring(0, head.length() - ORDER.length()));
			assertThat(read(socket).status()).isEqualTo(503);
			send(socket, ORDER + "GET /actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\n\r\n");
			assertThat(read(socket).status()).isEqualTo(200);
		}
	}

	@Test
	void closesAfterTheRefusalWhenTheClientAsksTo() throws IOException {
		try (Socket socket = connect()) {
			send(socket, post(ORDER, "Connection: close\r\n"));
			Answer refused = read(socket);

			assertThat(refused.status()).isEqualTo(503);
			assertThat(refused.header("connection")).isEqualTo("close");
			assertThat(socket.getInputStream().read()).as("end of stream").isEqualTo(-1);
		}
	}

	/**
	 * Pipelined: the order arrives while the request before it is still being answered,
	 * so the door passes it on and the filter refuses it - after the first answer, in
	 * order.
	 */
	@Test
	void answersPipelinedRequestsInOrder() throws IOException {
		try (Socket socket = connect()) {
			send(socket, "GET /actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\n\r\n" + post(ORDER, ""));

			assertThat(read(socket).status()).isEqualTo(200);
			Answer refused = read(socket);
			assertThat(refused.status()).isEqualTo(503);
			assertThat(refused.body()).contains("/problems/overloaded");
		}
	}

	private Socket connect() throws IOException {
		Socket socket = new Socket("127.0.0.1", this.port);
		socket.setSoTimeout((int) READ_TIMEOUT.toMillis());
		return socket;
	}

	private static String post(String body, String extraHeaders) {
		return "POST /api/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" + extraHeaders
				+ "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
	}

	private static void send(Socket socket, String text) throws IOException {
		socket.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
		socket.getOutputStream().flush();
	}

	/** One response with a {@code Content-Length} body, read from the socket. */
	private static Answer read(Socket socket) throws IOException {
		InputStream in = socket.getInputStream();
		String statusLine = line(in);
		Map<String, String> headers = new TreeMap<>();
		for (String line = line(in); !line.isEmpty(); line = line(in)) {
			int colon = line.indexOf(':');
			headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
		}
		byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
		return new Answer(Integer.parseInt(statusLine.split(" ")[1]), headers,
				new String(body, StandardCharsets.UTF_8));
	}

	private static String line(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		for (int b = in.read(); b != '\n'; b = in.read()) {
			if (b == -1) {
				throw new IOException("connection closed after: " + line);
			}
			if (b != '\r') {
				line.write(b);
			}
		}
		return line.toString(StandardCharsets.ISO_8859_1);
	}

	record Answer(int status, Map<String, String> headers, String body) {

		String header(String name) {
			return this.headers.get(name);
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class RecordPipelines {

		@Bean
		NettyServerCustomizer recordPipelines() {
			return (server) -> server
				.doOnConnection((connection) -> PIPELINES.add(List.copyOf(connection.channel().pipeline().names())));
		}

	}

}
