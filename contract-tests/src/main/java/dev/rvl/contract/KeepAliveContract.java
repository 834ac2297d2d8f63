package dev.rvl.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Connections: many requests on a few keep-alive connections, every one answered; a
 * listen backlog as deep as the kernel allows.
 */
public interface KeepAliveContract extends ContractBase {

	/**
	 * 16,000 requests, sequential on each of 8 keep-alive connections, mixing answers
	 * that wait for the database with answers given at once: every one is answered.
	 * Reactor Netty 1.3.6 without the app's workaround leaves about one in 3,000 of them
	 * unanswered on a connection it has stopped reading (reactor/reactor-netty#4361)
	 * until the client gives up; the client's timeout is only a liveness bound, generous
	 * enough for a busy machine.
	 */
	@Test
	default void answersEveryRequestOnKeepAliveConnections() throws InterruptedException {
		List<String> paths = List.of("/api/customers/42/orders?limit=1", "/api/no-such-route",
				"/actuator/health/liveness", "/api/orders/not-an-id");
		int connections = 8;
		int perConnection = 2_000;
		AtomicInteger answered = new AtomicInteger();
		List<String> unanswered = Collections.synchronizedList(new ArrayList<>());
		List<String> violations = Collections.synchronizedList(new ArrayList<>());
		try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
			for (int connection = 0; connection < connections; connection++) {
				executor.submit(() -> {
					Api client = new Api(baseUrl());
					for (int i = 0; i < perConnection; i++) {
						String path = paths.get(i % paths.size());
						try {
							client.get(path, LIVENESS_TIMEOUT);
							answered.incrementAndGet();
						}
						catch (UncheckedIOException ex) {
							unanswered.add(path + ": " + ex.getCause());
						}
					}
					violations.addAll(client.violations());
				});
			}
		}
		assertThat(unanswered).as("requests without an answer").isEmpty();
		assertThat(violations).as("answers that break the OpenAPI description").isEmpty();
		assertThat(answered).hasValue(connections * perConnection);
	}

	/**
	 * The server asks the kernel for a listen backlog of {@code net.core.somaxconn}, as
	 * Reactor Netty does by default (Tomcat asks for 100 unless told). Tomcat closes the
	 * connection after every 503, so under overload each refused client connects again:
	 * with 100, an acceptor held back by a CPU quota let the queue overflow, the kernel
	 * dropped the new connections' SYNs, and their requests waited a second for the
	 * retransmission. Read with {@code ss} (Linux, iproute2): a listening socket's
	 * {@code Send-Q} is its backlog.
	 */
	@Test
	default void listensWithABacklogAsDeepAsTheKernelAllows() throws IOException, InterruptedException {
		Path somaxconn = Path.of("/proc/sys/net/core/somaxconn");
		assumeTrue(Files.isReadable(somaxconn), "Linux only: no " + somaxconn);
		ProcessBuilder ss = new ProcessBuilder("ss", "-ltnH", "sport = :" + baseUrl().getPort())
			.redirectErrorStream(true);
		Process process;
		try {
			process = ss.start();
		}
		catch (IOException ex) {
			assumeTrue(false, "ss (iproute2) is not installed: " + ex.getMessage());
			return;
		}
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor()).as(output).isZero();
		// State, Recv-Q, Send-Q (the backlog of a listening socket), local and peer
		// address
		List<String> backlogs = output.lines().map((line) -> line.trim().split("\\s+")[2]).toList();
		assertThat(backlogs).as(output).isNotEmpty().containsOnly(Files.readAllLines(somaxconn).getFirst().trim());
	}

}
