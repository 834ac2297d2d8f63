package dev.rvl.testsupport;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The partner stub's executable jar started as a child process on a free port, with one
 * latency for both partner endpoints, and the wait until it answers: how the contract
 * suites ({@code PartnerStub}) and the benchmark runner ({@code StubProcess}) both start
 * it. What each adds stays with it: the suites share one stub per JVM and inject faults;
 * the runner may put it behind a launcher (CPUs of its own), on another loopback address,
 * and reports its command.
 */
public final class PartnerStubLauncher {

	/** Answers 200 once the stub has started: its fault settings. */
	public static final String READY_PATH = "/admin/faults";

	private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private PartnerStubLauncher() {
	}

	/**
	 * Starts the stub without waiting for it ({@link #awaitReady} does).
	 * @param launcher what runs {@code java} (e.g. {@code taskset -c 1}), or empty
	 * @param java the {@code java} executable
	 * @param jvmOptions the stub's JVM options (heap size, GC)
	 * @param jar the stub's executable jar
	 * @param address the loopback address it listens on
	 * @param latency its latency on both partner endpoints
	 * @param log where its output goes
	 * @return the started stub
	 */
	public static Launched launch(List<String> launcher, String java, List<String> jvmOptions, Path jar, String address,
			Duration latency, Path log) {
		int port = Ports.free();
		List<String> command = new ArrayList<>(launcher);
		command.add(java);
		command.addAll(jvmOptions);
		command.addAll(List.of("-jar", jar.toString(), "--server.port=" + port, "--server.address=" + address,
				"--stub.latency.fraud=" + latency.toMillis() + "ms",
				"--stub.latency.shipping=" + latency.toMillis() + "ms", "--spring.main.banner-mode=off",
				"--logging.level.root=WARN"));
		ChildProcess process = ChildProcess.start("partner-stub", command, Map.of(), log);
		return new Launched(process, URI.create("http://" + address + ":" + port), List.copyOf(command));
	}

	/**
	 * Waits until the stub answers {@link #READY_PATH} with 200.
	 * @param process the stub's process
	 * @param baseUrl where it listens
	 * @param timeout how long to wait at most
	 * @return whether it answered; {@code false} if it exited or the timeout passed
	 */
	public static boolean awaitReady(ChildProcess process, URI baseUrl, Duration timeout) throws InterruptedException {
		HttpRequest ready = HttpRequest.newBuilder(baseUrl.resolve(READY_PATH)).timeout(Duration.ofSeconds(2)).build();
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (!process.isAlive()) {
				return false;
			}
			try {
				if (HTTP.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
					return true;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			Thread.sleep(250);
		}
		return false;
	}

	/**
	 * A stub started by {@link #launch}.
	 *
	 * @param process its process
	 * @param baseUrl where it listens
	 * @param command how it was started
	 */
	public record Launched(ChildProcess process, URI baseUrl, List<String> command) {
	}

}
