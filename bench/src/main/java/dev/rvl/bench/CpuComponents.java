package dev.rvl.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.rvl.bench.HarnessCheck.Window;
import one.convert.Arguments;
import one.convert.JfrToFlame;

/**
 * Where an app's CPU went, by component, from the same samples as the flame graphs: each
 * sample counts for the innermost frame that belongs to a component of the order flow -
 * database access, partner calls, the HTTP server and its framework, the app's own code,
 * metrics - so code a component calls (the JDK, Netty's transport, the kernel) counts for
 * that component. Reactor's operators get what they run themselves: a sample whose own
 * frame is an operator's, or the JDK code and dispatch stubs it calls directly; the
 * operators' I/O counts for the component beneath them. Compiler and GC threads count
 * apart, and what belongs to none is "other". The same rules for both stacks: R2DBC and
 * JDBC are both "database access", WebClient and the JDK client both "partner calls".
 * Shown per variant as a share of the samples and, with the step's app CPU per order, as
 * CPU milliseconds per order.
 *
 * @param samples all samples of the window
 * @param shares by component, largest first
 */
record CpuComponents(long samples, List<Share> shares) {

	static final String JIT = "JIT compiler threads";

	static final String GC = "GC and VM threads";

	static final String OTHER = "other (Netty and Tomcat transport, JDK, thread scheduling, JVM)";

	static final String OPERATORS = "Reactor operators";

	private static final Pattern REACTOR = Pattern.compile("^reactor/core/");

	/**
	 * What an operator's own work calls (the JDK's atomics and collections, the JIT's
	 * dispatch stubs): counted for the operator. Its I/O is not: a socket write below an
	 * operator counts for the component that asked for it (the server's response, the
	 * driver's query).
	 */
	private static final Pattern CALLEES = Pattern
		.compile("^(java/|jdk/internal/misc/|jdk/internal/util/|sun/misc/)|stub$");

	/** In the order they are tried on a frame: partner calls before the web framework. */
	private static final Map<String, Pattern> COMPONENTS = components();

	/**
	 * One component.
	 *
	 * @param component its name
	 * @param samples samples counted for it
	 * @param percent of all samples
	 * @param kernelPercent of its own samples, those in the kernel
	 * @param msPerOrder CPU milliseconds per order, or {@code null} when the step has no
	 * CPU per order
	 */
	record Share(String component, long samples, double percent, double kernelPercent, Double msPerOrder) {
	}

	private static Map<String, Pattern> components() {
		Map<String, Pattern> components = new LinkedHashMap<>();
		components.put("database access (driver, pool, transactions)", Pattern.compile(
				"^(io/r2dbc/|reactor/pool/|org/springframework/r2dbc/|org/postgresql/|com/zaxxer/hikari/|org/springframework/jdbc/|org/springframework/transaction/)"));
		components.put("partner calls (HTTP client)", Pattern.compile(
				"^(reactor/netty/http/client/|reactor/netty/resources/|org/springframework/web/reactive/function/client/|org/springframework/web/client/|org/springframework/http/client/|java/net/http/|jdk/internal/net/http/|org/apache/hc/)"));
		components.put("HTTP server, web framework, JSON", Pattern.compile(
				"^(reactor/netty/http/server/|org/springframework/web/|org/springframework/http/|org/apache/catalina/|org/apache/coyote/|org/apache/tomcat/|jakarta/servlet/|tools/jackson/|com/fasterxml/jackson/)"));
		components.put("the app's own code (dev.rvl)", Pattern.compile("^dev/rvl/"));
		components.put("metrics (Micrometer)", Pattern.compile("^io/micrometer/"));
		return components;
	}

	/**
	 * The window of a recording, by component.
	 * @param appMsPerOrder the step's app CPU per order, for each share's part of it
	 */
	static CpuComponents of(Path jfr, Window window, Double appMsPerOrder) throws IOException {
		Path collapsed = Files.createTempFile("cpu-components", ".collapsed");
		try {
			Arguments args = new Arguments("--cpu", "--threads", "--from", Long.toString(window.fromMs()), "--to",
					Long.toString(window.toMs()));
			args.output = "collapsed";
			JfrToFlame.convert(jfr.toString(), collapsed.toString(), args);
			try (Reader reader = Files.newBufferedReader(collapsed)) {
				return of(reader, appMsPerOrder);
			}
		}
		finally {
			Files.deleteIfExists(collapsed);
		}
	}

	/**
	 * From async-profiler's collapsed stacks with thread frames ({@code --threads}): one
	 * line per stack, frames from the thread outwards-in separated by {@code ;}, then the
	 * count.
	 */
	static CpuComponents of(Reader collapsed, Double appMsPerOrder) throws IOException {
		Map<String, long[]> counts = new LinkedHashMap<>();
		long total = 0;
		BufferedReader lines = new BufferedReader(collapsed);
		for (String line = lines.readLine(); line != null; line = lines.readLine()) {
			int space = line.lastIndexOf(' ');
			if (space < 0) {
				continue;
			}
			long count = Long.parseLong(line.substring(space + 1).strip());
			String[] frames = line.substring(0, space).split(";");
			long[] slot = counts.computeIfAbsent(component(frames), (name) -> new long[2]);
			slot[0] += count;
			if (frames[frames.length - 1].endsWith("_[k]")) {
				slot[1] += count;
			}
			total += count;
		}
		List<Share> shares = new ArrayList<>();
		for (Map.Entry<String, long[]> entry : counts.entrySet()) {
			long samples = entry.getValue()[0];
			double share = (total > 0) ? samples / (double) total : 0;
			shares.add(
					new Share(entry.getKey(), samples, round(100 * share), round(100.0 * entry.getValue()[1] / samples),
							(appMsPerOrder != null) ? Math.round(share * appMsPerOrder * 1000) / 1000.0 : null));
		}
		shares.sort(Comparator.comparingLong(Share::samples).reversed());
		return new CpuComponents(total, List.copyOf(shares));
	}

	/**
	 * The component of one stack: by its thread, else by its innermost component frame.
	 */
	static String component(String[] frames) {
		String thread = frames[0];
		if (thread.startsWith("[") && thread.contains("CompilerThre")) {
			return JIT;
		}
		if (thread.startsWith("[") && (thread.startsWith("[GC Thread") || thread.startsWith("[G1 ")
				|| thread.startsWith("[VM Thread") || thread.startsWith("[VM Periodic"))) {
			return GC;
		}
		int self = frames.length - 1;
		while (self > 0 && (CALLEES.matcher(frames[self]).find())) {
			self--;
		}
		if (REACTOR.matcher(frames[self]).find()) {
			return OPERATORS;
		}
		for (int i = frames.length - 1; i >= 0; i--) {
			for (Map.Entry<String, Pattern> component : COMPONENTS.entrySet()) {
				if (component.getValue().matcher(frames[i]).find()) {
					return component.getKey();
				}
			}
		}
		return OTHER;
	}

	private static double round(double percent) {
		return Math.round(percent * 10) / 10.0;
	}

}
