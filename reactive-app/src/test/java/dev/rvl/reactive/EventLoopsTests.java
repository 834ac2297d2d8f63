package dev.rvl.reactive;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;

import dev.rvl.contract.ContractSettings;
import dev.rvl.contract.ContractSettings.Driver;
import dev.rvl.contract.TestDatabase;
import dev.rvl.domain.seed.SeedData;
import io.netty.channel.EventLoop;
import org.junit.jupiter.api.Test;

import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP server, the partner client and the R2DBC driver all run on the app's own event
 * loops ({@code config/EventLoops}), checked at run time after real orders: no other
 * event loop - Reactor Netty's or Spring's default server loops ({@code reactor-http-*},
 * {@code webflux-http-*}), a driver loop of its own ({@code r2dbc-*}) - was ever started.
 * The actuator runs on a port of its own, as the benchmark runs it (its metrics scrape),
 * and is asked once: its server is on the app's loops too. The listening sockets are on
 * the acceptor thread, the connections on the loops.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "local-postgres.enabled=false", "management.server.port=0" })
class EventLoopsTests {

	static final TestDatabase DATABASE = TestDatabase.fresh("reactive_event_loops");

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	@DynamicPropertySource
	static void contractSettings(DynamicPropertyRegistry registry) {
		ContractSettings.register(registry, DATABASE, Driver.R2DBC);
	}

	@Test
	void serverPartnerClientAndDriverRunOnTheAppsLoopsOnly() throws Exception {
		HttpClient client = HttpClient.newHttpClient();
		for (int i = 1; i <= 5; i++) {
			long customer = 100 + i;
			String body = "{\"customerId\":" + customer + ",\"lines\":[{\"sku\":\"" + SeedData.sku(i)
					+ "\",\"quantity\":1}]}";
			HttpResponse<String> placed = client
				.send(HttpRequest.newBuilder(ContractSettings.baseUrl(this.port).resolve("/api/orders"))
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString(body))
					.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(placed.statusCode()).as(placed.body())
				.isEqualTo(SeedData.alwaysFraudRejected(customer) ? 422 : 201);
		}

		HttpResponse<String> metrics = client
			.send(HttpRequest.newBuilder(ContractSettings.baseUrl(this.managementPort).resolve("/actuator/prometheus"))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(metrics.statusCode()).isEqualTo(200);

		List<String> threads = Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList();

		assertThat(threads).anyMatch((name) -> name.startsWith("loop-"))
			.noneMatch((name) -> name.matches(".*-(epoll|nio)-.*") && !name.startsWith("loop-"));
	}

	/**
	 * A thread of its own accepts connections, as Tomcat's acceptor does: a cold app
	 * whose loops were busy accepted too late and the listen queue overflowed (README,
	 * tuning log). Where the listening socket and each connection are registered is read
	 * from the sockets themselves.
	 */
	@Test
	void acceptsOnAThreadOfItsOwnAndServesConnectionsOnTheLoops() throws Exception {
		HttpResponse<String> answer = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(ContractSettings.baseUrl(this.port).resolve("/api/customers/42/orders"))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(answer.statusCode()).isEqualTo(200);

		assertThat(SocketLoops.ACCEPTING).isNotEmpty()
			.allSatisfy((loop) -> assertThat(threadOf(loop)).startsWith("loop-accept-"));
		assertThat(SocketLoops.SERVING).isNotEmpty()
			.allSatisfy((loop) -> assertThat(threadOf(loop)).matches("loop-(epoll|nio)-.*"));
	}

	private static String threadOf(EventLoop loop) throws InterruptedException, ExecutionException {
		return loop.submit(() -> Thread.currentThread().getName()).get();
	}

	/** The loops of each connection and of the socket that accepted it. */
	@TestConfiguration(proxyBeanMethods = false)
	static class SocketLoops {

		static final List<EventLoop> ACCEPTING = new CopyOnWriteArrayList<>();

		static final List<EventLoop> SERVING = new CopyOnWriteArrayList<>();

		@Bean
		NettyServerCustomizer recordSocketLoops() {
			return (server) -> server.doOnConnection((connection) -> {
				ACCEPTING.add(connection.channel().parent().eventLoop());
				SERVING.add(connection.channel().eventLoop());
			});
		}

	}

}
