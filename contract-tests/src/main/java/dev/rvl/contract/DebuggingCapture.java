package dev.rvl.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What both apps' {@code DebuggingCaptureTests} share, for the readability page's
 * "Debugging side by side": the log lines of one partner timeout (with the
 * {@code tracing} profile, so each carries the request's trace and span ids), and a
 * thread dump taken while orders wait on a slow partner, summarized. Both are normalized
 * (ids, times, ports, thread numbers) and compared with their copies committed under
 * {@code docs/debugging}, as {@link Traces#checkCommitted} does for the stack traces.
 */
public final class DebuggingCapture {

	/**
	 * The partner deadline of these captures: long enough for the orders of the thread
	 * dump to be still waiting when it is taken, on a busy machine.
	 */
	public static final Duration PARTNER_TIMEOUT = Duration.ofSeconds(10);

	/** How long each partner call takes while the thread dump is taken. */
	public static final Duration SLOW_PARTNER = Duration.ofSeconds(6);

	/** How many orders wait on the slow partner while the thread dump is taken. */
	public static final int WAITING_ORDERS = 40;

	private static final Pattern TRACE = Pattern.compile("trace=([0-9a-f]{32})");

	private static final Pattern SPAN = Pattern.compile("span=([0-9a-f]{16})");

	/** Spring Boot's console pattern cuts thread names to this many characters. */
	private static final int THREAD_FIELD_WIDTH = 15;

	/** Boot's console line: time, level, pid, {@code ---}, [app], [thread], rest. */
	private static final Pattern CONSOLE_LINE = Pattern
		.compile("^\\S+\\s+(\\w+)\\s+\\d+ --- \\[\\s*([^\\]]*)\\] \\[\\s*([^\\]]*)\\] (.*)$");

	/**
	 * Thread names (numbers replaced by {@code N}) and what they are, for the kinds the
	 * summary describes.
	 */
	private static final Map<String, String> KINDS = kinds();

	private DebuggingCapture() {
	}

	/**
	 * The properties for an app under this capture: the contract suite's, with the longer
	 * partner deadline, the request log on, and a fixed admission limit (the adaptive one
	 * would learn from the timeouts and could refuse some of the waiting orders).
	 */
	public static Map<String, String> properties(TestDatabase database, PartnerStub stub,
			ContractSettings.Driver driver) {
		Map<String, String> properties = new LinkedHashMap<>(ContractSettings.properties(database, stub, driver));
		properties.put("partner.timeout", PARTNER_TIMEOUT.toMillis() + "ms");
		properties.put("orders.admission.limit", "fixed");
		// a busy machine's burst of orders waits for the database longer than the suite's
		// short limits allow: those answers (503) are not what the dump is to show
		properties.put("db.acquire-timeout", "5s");
		properties.put("orders.queue-budget", "5s");
		properties.put("access-log.enabled", "true");
		return properties;
	}

	/**
	 * Places an order while every partner call hangs and returns the console lines the
	 * app logged meanwhile (the second such order's: the first may log one-time
	 * initialization).
	 */
	public static List<String> partnerTimeoutLogLines(URI app, URI stub) {
		Api api = new Api(app);
		warmUp(api);
		List<String> lines = List.of();
		for (int run = 0; run < 2; run++) {
			Traces.faults(stub, "PUT", "{\"hangRate\": 1.0}");
			try (CapturedOutput output = CapturedOutput.start()) {
				Api.Response response = api.placeOrder(FailureCapture.ORDER);
				assertThat(response.status()).as(response::toString).isEqualTo(504);
				// the request log is written once the answer has gone out
				awaitLine(output, " 504 ");
				lines = output.text().lines().filter((line) -> !line.isBlank()).toList();
			}
			finally {
				Traces.faults(stub, "DELETE", null);
			}
		}
		return lines;
	}

	/**
	 * Checks that every line carries a trace id and a span id, and the same trace id.
	 */
	public static void assertOneTrace(List<String> lines) {
		List<String> requestLog = lines.stream().filter(DebuggingCapture::isRequestLog).toList();
		List<String> traced = lines.stream().filter((line) -> !isRequestLog(line)).toList();
		assertThat(traced).as("the partner problem's line")
			.anyMatch((line) -> line.contains(" WARN ") && line.contains("partner-timeout (504)"));
		assertThat(traced).as("lines without a trace id").allMatch((line) -> TRACE.matcher(line).find());
		assertThat(traced).as("lines without a span id").allMatch((line) -> SPAN.matcher(line).find());
		assertThat(traced.stream().map(DebuggingCapture::traceId).distinct().toList()).as("trace ids of %s", lines)
			.hasSize(1);
		// Both apps write it once the answer has gone out, after the request's
		// observation (and its trace) has ended: it is matched to the others by time.
		assertThat(requestLog).as("the request log's line").hasSize(1);
	}

	private static boolean isRequestLog(String line) {
		return line.contains(" access-log ");
	}

	/**
	 * The log's thread field, which the pattern cuts to its last 15 characters, with
	 * numbers replaced. A field of that width may be a whole name or the end of a longer
	 * one: the threads of this JVM that are still alive say which (the capture runs in
	 * the app's JVM, and its event loops outlive the request), so that the app's loops
	 * read alike whatever number Netty gave their pool - {@code loop-epoll-1-2} and
	 * {@code loop-epoll-10-2} (the tenth pool of a test JVM). A name no live thread
	 * explains is shown from its first '-' on, so that {@code tomcat-handler-42}
	 * ("mcat-handler-42") and {@code tomcat-handler-123} ("cat-handler-123"), virtual
	 * threads gone by then, read alike.
	 * @param field the field as logged
	 * @param liveThreads the names of the JVM's live threads
	 */
	static String threadField(String field, Collection<String> liveThreads) {
		String thread = field.strip();
		if (thread.length() >= THREAD_FIELD_WIDTH) {
			String cut = thread;
			Optional<String> whole = liveThreads.stream()
				.filter((name) -> name.endsWith(cut))
				.min(Comparator.comparingInt(String::length));
			if (whole.isPresent()) {
				thread = whole.get();
			}
			else if (thread.indexOf('-') > 0) {
				thread = "..." + thread.substring(thread.indexOf('-'));
			}
		}
		return thread.replaceAll("\\d+", "N");
	}

	private static Set<String> liveThreadNames() {
		return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).collect(Collectors.toSet());
	}

	private static String traceId(String line) {
		Matcher matcher = TRACE.matcher(line);
		return matcher.find() ? matcher.group(1) : "";
	}

	/**
	 * The lines without time and pid, ids numbered in order of appearance
	 * ({@code <trace-1>}, {@code <span-1>}, ...), ports, thread numbers and the request
	 * log's milliseconds replaced.
	 */
	public static String normalizeLog(List<String> lines) {
		return normalizeLog(lines, liveThreadNames());
	}

	static String normalizeLog(List<String> lines, Collection<String> liveThreads) {
		Map<String, String> ids = new LinkedHashMap<>();
		StringBuilder text = new StringBuilder();
		for (String line : lines) {
			Matcher console = CONSOLE_LINE.matcher(line);
			String normalized = console.matches() ? console.group(1) + " [" + console.group(2) + "] ["
					+ threadField(console.group(3), liveThreads) + "] " + console.group(4) : line;
			normalized = replaceIds(normalized, TRACE, "trace", ids);
			normalized = replaceIds(normalized, SPAN, "span", ids);
			normalized = normalized.replaceAll("(127\\.0\\.0\\.1|localhost):\\d+", "$1:<port>")
				.replaceAll("(access-log\\s*:.* \\d{3} \\d+) \\d+$", "$1 <ms>");
			text.append(normalized).append('\n');
		}
		return text.toString();
	}

	private static String replaceIds(String line, Pattern pattern, String kind, Map<String, String> ids) {
		Matcher matcher = pattern.matcher(line);
		StringBuilder result = new StringBuilder();
		while (matcher.find()) {
			String id = ids.computeIfAbsent(matcher.group(1), (raw) -> "<" + kind + "-"
					+ (ids.keySet().stream().filter((k) -> k.length() == raw.length()).count() + 1) + ">");
			matcher.appendReplacement(result, Matcher.quoteReplacement(kind + "=" + id));
		}
		matcher.appendTail(result);
		return result.toString();
	}

	/**
	 * Places {@link #WAITING_ORDERS} orders while each partner call takes
	 * {@link #SLOW_PARTNER}, dumps this JVM's threads (JSON, virtual threads included)
	 * once all their partner calls are in flight, waits for the answers and returns the
	 * dump's summary.
	 * @param app the app (in this JVM)
	 * @param stub its partner stub
	 * @param appName the app's name for the summary
	 * @param appPackage the app's package: threads running its code are the ones held by
	 * an order
	 * @param callsInFlight the app's {@code partner.calls.in.flight}
	 * @return the summary, stable from run to run
	 */
	public static String threadDumpUnderLoad(URI app, URI stub, String appName, String appPackage,
			IntSupplier callsInFlight) {
		Api api = new Api(app);
		warmUp(api);
		api.openConnections(WAITING_ORDERS);
		Traces.faults(stub, "PUT", "{\"addedLatencyMs\": " + SLOW_PARTNER.toMillis() + "}");
		try {
			List<CompletableFuture<Api.Response>> answers = api.placeConcurrentlyAsync(WAITING_ORDERS,
					(i) -> FailureCapture.ORDER);
			int expected = 2 * WAITING_ORDERS;
			long deadline = System.nanoTime() + SLOW_PARTNER.minusSeconds(2).toNanos();
			while (callsInFlight.getAsInt() < expected && System.nanoTime() < deadline) {
				sleep(Duration.ofMillis(20));
			}
			assertThat(callsInFlight.getAsInt()).as("partner calls in flight").isEqualTo(expected);
			// every request thread from its forks to its join
			sleep(Duration.ofMillis(300));
			Path dump = dumpThreads(Path.of("target", "debugging", appName + "-thread-dump.json"));
			List<Api.Response> responses = answers.stream().map(CompletableFuture::join).toList();
			// the slow partner was waited out; the burst of writes that follows may find
			// the pool busy on a loaded machine (503), which is not what the dump shows
			assertThat(responses).as("answers")
				.allMatch((response) -> response.status() == 201 || response.status() == 503);
			return summarize(appName, appPackage, dump, expected);
		}
		finally {
			Traces.faults(stub, "DELETE", null);
		}
	}

	/**
	 * What {@code jcmd <pid> Thread.dump_to_file -format=json} writes, for this JVM.
	 */
	public static Path dumpThreads(Path file) {
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			Files.deleteIfExists(file);
			ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
				.dumpThreads(file.toAbsolutePath().toString(), ThreadDumpFormat.JSON);
			return file;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The dump's stable facts: the threads running the app's code, counted by their
	 * innermost app frame (one kind per waiting order and partner call in the Loom app,
	 * none in the reactive app); the kinds of the app's other threads, by name (without
	 * counts: those follow the machine's cores); a representative stack.
	 */
	static String summarize(String appName, String appPackage, Path dump, int callsInFlight) {
		JsonNode root = JsonMapper.builder().build().readTree(dump.toFile());
		List<DumpedThread> threads = new ArrayList<>();
		for (JsonNode container : root.path("threadDump").path("threadContainers")) {
			for (JsonNode thread : container.path("threads")) {
				List<String> stack = new ArrayList<>();
				thread.path("stack")
					.forEach((frame) -> stack.add(Traces.normalize(frame.asString()).replace("$$BlockHound$$_", "")));
				threads.add(new DumpedThread(thread.path("name").asString(), thread.path("virtual").asBoolean(false),
						thread.path("state").asString(), stack));
			}
		}
		threads.removeIf(DumpedThread::isTestHarness);
		Map<String, List<DumpedThread>> byAppFrame = new TreeMap<>();
		for (DumpedThread thread : threads) {
			String frame = thread.innermostFrameOf(appPackage + ".");
			if (frame != null) {
				byAppFrame.computeIfAbsent(frame, (key) -> new ArrayList<>()).add(thread);
			}
		}
		Map<String, TreeSet<String>> kinds = new TreeMap<>();
		for (DumpedThread thread : threads) {
			String kind = thread.kind();
			if (KINDS.containsKey(kind)) {
				kinds.computeIfAbsent(thread.virtual() ? "virtual" : "platform", (key) -> new TreeSet<>()).add(kind);
			}
		}
		StringBuilder text = new StringBuilder();
		text.append("Thread dump of the ")
			.append(appName)
			.append(" app while ")
			.append(WAITING_ORDERS)
			.append(" orders wait on a slow partner (")
			.append(SLOW_PARTNER.toMillis())
			.append(" ms a call; ")
			.append(callsInFlight)
			.append(" partner calls in flight)\n");
		text.append("Taken in-process with HotSpotDiagnosticMXBean.dumpThreads(file, JSON), the format of\n")
			.append("jcmd <pid> Thread.dump_to_file -format=json; virtual threads included.\n\n");
		text.append("Threads running the app's code (").append(appPackage).append("), by innermost app frame:\n");
		if (byAppFrame.isEmpty()) {
			text.append("  none: no thread is held by a waiting order\n");
		}
		byAppFrame.forEach((frame, held) -> text.append(String.format("  %4d %s %s threads, %s%n", held.size(),
				held.get(0).virtual() ? "virtual" : "platform", activities(held), frame)));
		text.append("\nThe app's other threads, by kind (numbers in names replaced by N; counts follow the cores):\n");
		kinds.forEach((type, names) -> names
			.forEach((name) -> text.append(String.format("  %-8s %-32s %s%n", type, name, KINDS.get(name)))));
		List<DumpedThread> shown = new ArrayList<>();
		byAppFrame.values().forEach((held) -> shown.add(held.get(0)));
		if (shown.isEmpty()) {
			threads.stream()
				.filter((thread) -> thread.kind().startsWith("loop-") && !thread.stack().isEmpty()
						&& thread.stack().get(0).contains("Native.epollWait"))
				.findFirst()
				.ifPresent(shown::add);
		}
		for (DumpedThread thread : shown) {
			text.append("\nStack of one ")
				.append(thread.virtual() ? "virtual" : "platform")
				.append(" thread \"")
				.append(thread.kind())
				.append("\" (")
				.append(thread.activity())
				.append("):\n");
			thread.shownStack().forEach((frame) -> text.append("  at ").append(frame).append('\n'));
		}
		return text.toString();
	}

	private static String activities(List<DumpedThread> threads) {
		TreeSet<String> activities = new TreeSet<>();
		threads.forEach((thread) -> activities.add(thread.activity()));
		return String.join("/", activities);
	}

	/**
	 * Checks {@code content} against its copy committed as {@code docs/debugging/<name>}
	 * (seen from an app module), rewriting the copy when
	 * {@code -Dreadability.capture=true}.
	 */
	public static void checkCommitted(String name, String content) {
		Path committed = Path.of("..", "docs", "debugging", name);
		Path fresh = Path.of("target", "debugging", name);
		try {
			Files.createDirectories(fresh.getParent());
			Files.writeString(fresh, content);
			if (Boolean.getBoolean("readability.capture")) {
				Files.createDirectories(committed.getParent());
				Files.writeString(committed, content);
			}
			String expected = Files.isRegularFile(committed) ? Files.readString(committed) : "";
			assertThat(expected)
				.as("stale: %s differs from what was captured now (%s); run ./readability/regenerate.sh",
						committed.normalize(), fresh)
				.isEqualTo(content);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void warmUp(Api api) {
		for (int attempt = 0; attempt < 5; attempt++) {
			if (api.placeOrder(FailureCapture.ORDER).status() == 201) {
				return;
			}
		}
		throw new IllegalStateException("No order succeeded");
	}

	private static void awaitLine(CapturedOutput output, String text) {
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		while (!output.text().contains(text) && System.nanoTime() < deadline) {
			sleep(Duration.ofMillis(20));
		}
		// anything logged right after it
		sleep(Duration.ofMillis(200));
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static Map<String, String> kinds() {
		Map<String, String> kinds = new LinkedHashMap<>();
		kinds.put("ForkJoinPool-N-worker-N", "carriers of the virtual threads (the JDK's scheduler)");
		kinds.put("loop-epoll-N-N", "the app's event loops: HTTP server, partner client, database driver");
		kinds.put("loop-nio-N-N", "the app's event loops: HTTP server, partner client, database driver");
		kinds.put("parallel-N", "Reactor's parallel scheduler: the timers of timeout()");
		kinds.put("MasterPoller", "the JDK's I/O poller that wakes virtual threads blocked on sockets");
		kinds.put("SubPoller-N", "the JDK's I/O pollers that wake virtual threads blocked on sockets");
		kinds.put("http-nio-auto-N-Poller", "Tomcat's poller: waits for readable connections");
		kinds.put("http-nio-auto-N-Acceptor", "Tomcat's acceptor");
		kinds.put("tomcat-handler-N", "Tomcat's request threads, one per request");
		kinds.put("task-N", "the partner calls forked by FanOut (applicationTaskExecutor)");
		kinds.put("HikariPool-N:housekeeper", "HikariCP's housekeeper");
		kinds.put("Catalina-utility-N", "Tomcat's background tasks");
		kinds.put("container-N", "Tomcat's await thread");
		kinds.put("reactor-http-epoll-N", "Reactor Netty's default loops");
		return kinds;
	}

	/** One thread of the dump, its frames normalized. */
	record DumpedThread(String name, boolean virtual, String state, List<String> stack) {

		/** The name, its numbers replaced: what the threads of one kind share. */
		String kind() {
			return this.name.replaceAll("\\d+", "N");
		}

		/**
		 * What the thread is doing: its state, but {@code sleeping} for a thread inside
		 * {@code Thread.sleep}, which is TIMED_WAITING while it sleeps and RUNNABLE from
		 * its wake-up until it runs again (a virtual thread waiting for a carrier). A
		 * periodic thread - the Loom app's scheduling-lag probe - may be caught at either
		 * moment, the second more often on a busy machine; a CI run caught it RUNNABLE.
		 */
		String activity() {
			return this.stack.stream().anyMatch((frame) -> frame.contains("java.lang.Thread.sleep(")) ? "sleeping"
					: this.state;
		}

		/**
		 * The stack as the summary shows it: for a thread inside {@code Thread.sleep},
		 * from that frame on. The frames inside it depend on the moment the dump caught
		 * the thread - parked, or none between its wake-up and its next run (a CI run of
		 * 81aabae caught the scheduling-lag probe so, three frames short of the committed
		 * summary).
		 */
		List<String> shownStack() {
			for (int i = 0; i < this.stack.size(); i++) {
				if (this.stack.get(i).contains("java.lang.Thread.sleep(")) {
					return this.stack.subList(i, this.stack.size());
				}
			}
			return this.stack;
		}

		boolean isTestHarness() {
			return this.stack.stream()
				.anyMatch((frame) -> frame.contains("jdk.internal.vm.ThreadDumper") || frame.contains("CaptureTests")
						|| frame.contains("org.junit.") || frame.contains("surefire"));
		}

		String innermostFrameOf(String prefix) {
			return this.stack.stream()
				.filter((frame) -> frame.startsWith(prefix) || frame.contains("/" + prefix))
				.findFirst()
				.orElse(null);
		}

	}

}
