package dev.rvl.readability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The page's "Debugging side by side": what the same partner timeout looks like in each
 * app's log (with the {@code tracing} profile), and a thread dump of each app while
 * orders wait on a slow partner, as the apps' {@code DebuggingCaptureTests} captured them
 * under {@value #DIRECTORY}.
 */
final class DebuggingSection {

	static final String DIRECTORY = "docs/debugging";

	private DebuggingSection() {
	}

	/** Appends the section, reading the captures of the repository at {@code root}. */
	static void write(StringBuilder html, Path root) {
		html.append("<section id=\"debugging\">\n<h2>Debugging side by side</h2>\n");
		html.append("""
				<p>Captured by each app's <code>DebuggingCaptureTests</code> from real requests (real PostgreSQL, the
				real partner stub), normalized (times, pids, ports, thread numbers; trace and span ids numbered in
				order of appearance) and checked against the committed files by the build
				(re-capture: <code>./readability/regenerate.sh</code>).</p>
				<h3>The log lines of one partner timeout</h3>
				<p>Every partner call hangs; the order is answered 504 <code>partner-timeout</code>. Both apps run
				with the <code>tracing</code> profile (Micrometer Tracing over Brave, nothing exported; off by default
				so the benchmark measures neither tracer), which puts <code>[trace=&hellip; span=&hellip;]</code> in
				every line logged inside a request. The one line each app writes is the shared
				<code>ProblemResponses</code> warning. The reactive app logs it on Reactor's timer thread
				(<code>parallel-N</code>, where <code>timeout()</code> fires), and it still carries the request's
				trace because <code>spring.reactor.context-propagation=auto</code> restores it there; the Loom app logs
				it on the request's own virtual thread, where the trace lives anyway. The request log
				(<code>access-log.enabled=true</code>) is written in both apps after the request's observation has
				ended, so it carries no ids: it is matched to the warning by time and path.</p>
				""");
		pair(html, root, "partner-timeout.log");
		html.append("""
				<h3>A thread dump while 40 orders wait on a slow partner</h3>
				<p>Each partner call takes 6 s; the dump is taken once all 80 partner calls are in flight, with
				<code>HotSpotDiagnosticMXBean.dumpThreads(file, JSON)</code>, what
				<code>jcmd &lt;pid&gt; Thread.dump_to_file -format=json</code> writes, virtual threads included. In the
				Loom app every waiting order is visible: its request's virtual thread parked in
				<code>FanOut.join</code> and one virtual thread per partner call parked in a socket read, each stack
				naming the order flow. In the reactive app no thread belongs to a waiting order: the event loops sit
				in <code>epollWait</code>, and the orders exist only as callbacks registered on connections and a
				timer; which orders are waiting, and where, is not in a thread dump at all (the metrics and the
				trace have it). Only facts stable from run to run are kept: counts of threads holding an order, the
				kinds of the others (their counts follow the cores), and representative stacks without line
				numbers.</p>
				""");
		pair(html, root, "thread-dump.txt");
		html.append("</section>\n");
	}

	private static void pair(StringBuilder html, Path root, String capture) {
		html.append("<div class=\"pair\">");
		for (App app : List.of(App.REACTIVE, App.LOOM)) {
			String name = (app == App.REACTIVE ? "reactive" : "loom") + "-" + capture;
			String path = DIRECTORY + "/" + name;
			html.append("<div class=\"code\"><p class=\"label\">")
				.append(Html.escape(app.title()))
				.append(" <a href=\"../")
				.append(path)
				.append("\">")
				.append(path)
				.append("</a></p><pre class=\"trace\">")
				.append(Html.trace(read(root.resolve(path))))
				.append("</pre></div>");
		}
		html.append("</div>\n");
	}

	private static String read(Path file) {
		try {
			return Files.readString(file).stripTrailing();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("No capture " + file + "; run ./readability/regenerate.sh", ex);
		}
	}

}
