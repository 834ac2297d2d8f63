package dev.rvl.readability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The committed stack traces under {@code docs/stacktraces}, written by each app's
 * {@code StackTraceCaptureTests} (which also fail when they no longer match what the app
 * throws), and what the page counts in them.
 */
final class StackTraces {

	static final String DIRECTORY = "docs/stacktraces";

	/** The failures, in page order. */
	static final List<Scenario> SCENARIOS = List.of(
			new Scenario("partner-timeout", "Partner timeout while placing an order (504)",
					"The stub hangs every partner call; the one deadline (1 s in the tests) passes. What the "
							+ "app's problem handler receives and maps to partner-timeout. In the Loom app the HTTP "
							+ "client's read timeout (also partner.timeout) races the fan-out deadline: in about one "
							+ "run in ten the forked call's own timeout wins and the trace is the forked virtual "
							+ "thread's, without the request's frames; the capture keeps the deadline's, what most "
							+ "runs get."),
			new Scenario("constraint-violation", "Constraint violation in the write (500)",
					"The test adds CHECK (quantity <= 50) to order_line on its own database (the shared validator "
							+ "allows up to 100) and orders 60 units: the insert fails inside the write transaction, "
							+ "which rolls back. What the problem handler receives, logs and maps to internal."));

	/** How each app was run, in page order. */
	static final List<Variant> VARIANTS = List.of(new Variant("loom", "Loom", "as in production"),
			new Variant("loom-structured", "Loom + StructuredTaskScope",
					"partner.fan-out=structured: the fan-out written with StructuredTaskScope (JDK 25 preview, "
							+ "--enable-preview); only the partner timeout, as the constraint violation does not reach "
							+ "the fan-out",
					List.of("partner-timeout")),
			new Variant("reactive", "Reactive", "as in production"),
			new Variant("reactive-onoperatordebug", "Reactive + Hooks.onOperatorDebug()",
					"assembly tracing for every operator: a stack trace captured each time an operator is assembled"),
			new Variant("reactive-debugagent", "Reactive + ReactorDebugAgent",
					"reactor-tools' agent: at start-up, rewrites each operator call site in the app's bytecode to add "
							+ "checkpoint(\"call site\"), without capturing stack traces"));

	private static final Pattern FRAME = Pattern.compile("^\\s*at ", Pattern.MULTILINE);

	private static final String ENHANCED = "Suppressed: The stacktrace has been enhanced by Reactor";

	private static final Pattern OWN_FRAME = Pattern.compile("^\\s*at (?:[\\w.]+/)?dev\\.rvl\\.", Pattern.MULTILINE);

	private static final Pattern SITE = Pattern.compile("^\\s*[*|]_.*⇢", Pattern.MULTILINE);

	private static final Pattern OWN_METHOD = Pattern
		.compile("\\bdev\\.rvl\\.(?:[a-z]\\w*\\.)+([A-Z][\\w]*)(?:\\$[\\w$]+)?[.#]([\\w$]+)\\(");

	private static final Pattern LAMBDA = Pattern.compile("lambda\\$(\\w+)\\$\\w+");

	private StackTraces() {
	}

	static List<Trace> read(Path repository) {
		List<Trace> traces = new ArrayList<>();
		for (Scenario scenario : SCENARIOS) {
			for (Variant variant : VARIANTS) {
				if (!variant.shows(scenario)) {
					continue;
				}
				String name = variant.id() + "-" + scenario.id() + ".txt";
				Path file = repository.resolve(DIRECTORY).resolve(name);
				if (!Files.isRegularFile(file)) {
					throw new IllegalStateException(
							"Missing stack trace " + DIRECTORY + "/" + name + ": run " + ReadabilityReport.COMMAND);
				}
				try {
					traces.add(Trace.of(scenario, variant, DIRECTORY + "/" + name, Files.readString(file)));
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}
		}
		return traces;
	}

	/**
	 * A failure the traces show.
	 *
	 * @param id file-name part
	 * @param title heading
	 * @param how how the test provokes it
	 */
	record Scenario(String id, String title, String how) {
	}

	/**
	 * How the app ran when its trace was captured.
	 *
	 * @param id file-name part
	 * @param title column heading
	 * @param description what the setting does
	 * @param scenarios the ids of the failures captured with it, empty for all
	 */
	record Variant(String id, String title, String description, List<String> scenarios) {

		Variant(String id, String title, String description) {
			this(id, title, description, List.of());
		}

		boolean shows(Scenario scenario) {
			return this.scenarios.isEmpty() || this.scenarios.contains(scenario.id());
		}

	}

	/**
	 * One captured trace and its counts.
	 *
	 * @param scenario the failure
	 * @param variant the app and setting
	 * @param path where it is committed
	 * @param text the normalized trace
	 * @param lines printed lines
	 * @param frames {@code at} lines as printed (a cause's frames shared with the
	 * exception above it are elided as "... n more"; the frame Reactor prints twice when
	 * it enhances a trace counts once)
	 * @param ownFrames frames of the project's own code ({@code dev.rvl})
	 * @param sites Reactor traceback lines ("Error has been observed at ...")
	 * @param ownMethods distinct project methods the trace names anywhere (frames,
	 * traceback, assembly trace), in order of appearance
	 */
	record Trace(Scenario scenario, Variant variant, String path, String text, int lines, int frames, int ownFrames,
			int sites, List<String> ownMethods) {

		static Trace of(Scenario scenario, Variant variant, String path, String text) {
			Set<String> methods = new LinkedHashSet<>();
			Matcher method = OWN_METHOD.matcher(text);
			while (method.find()) {
				Matcher lambda = LAMBDA.matcher(method.group(2));
				methods.add(method.group(1) + "." + (lambda.matches() ? lambda.group(1) : method.group(2)));
			}
			List<String> frames = frames(text);
			return new Trace(scenario, variant, path, text, (int) text.lines().count(), frames.size(),
					(int) frames.stream().filter((frame) -> OWN_FRAME.matcher(frame).find()).count(), count(SITE, text),
					List.copyOf(methods));
		}

		/**
		 * The frames as printed, without the one Reactor leaves above "The stacktrace has
		 * been enhanced" and prints again first under "Original Stack Trace".
		 */
		private static List<String> frames(String text) {
			List<String> lines = text.lines().toList();
			List<String> frames = new ArrayList<>();
			for (int i = 0; i < lines.size(); i++) {
				boolean repeated = i + 1 < lines.size() && lines.get(i + 1).contains(ENHANCED);
				if (FRAME.matcher(lines.get(i)).find() && !repeated) {
					frames.add(lines.get(i));
				}
			}
			return frames;
		}

		/** Own frames as a whole percentage of all frames. */
		int ownShare() {
			return (this.frames == 0) ? 0 : (int) Math.round(100.0 * this.ownFrames / this.frames);
		}

		private static int count(Pattern pattern, String text) {
			Matcher matcher = pattern.matcher(text);
			int count = 0;
			while (matcher.find()) {
				count++;
			}
			return count;
		}

	}

}
