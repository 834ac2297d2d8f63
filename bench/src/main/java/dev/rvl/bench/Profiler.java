package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.rvl.bench.HarnessCheck.Window;
import one.convert.Arguments;
import one.convert.JfrToFlame;
import one.profiler.AsyncProfilerLoader;

/**
 * CPU profiles of the apps with async-profiler (from Maven Central through ap-loader):
 * the agent samples every app from its start at a low rate into a JFR file, and after the
 * run the step of interest is cut out of it and rendered as flame graphs by
 * async-profiler's own converter - one for where the time goes, one split by thread.
 */
final class Profiler {

	/** Sampling interval: 100 samples per second of CPU. */
	static final String INTERVAL = "10ms";

	private Profiler() {
	}

	/**
	 * The agent library for this machine, or empty where async-profiler has no build (the
	 * run then goes on without profiles).
	 */
	static Optional<Path> agent() {
		try {
			return AsyncProfilerLoader.isSupported() ? Optional.of(AsyncProfilerLoader.getAsyncProfilerPath())
					: Optional.empty();
		}
		catch (IOException | RuntimeException ex) {
			return Optional.empty();
		}
	}

	/** The JVM flag that starts the CPU profiler with the app and writes {@code jfr}. */
	static String flag(Path agent, Path jfr) {
		return "-agentpath:" + agent + "=start,event=cpu,interval=" + INTERVAL + ",file=" + jfr;
	}

	/**
	 * Renders the window of a recording as flame graphs: {@code <name>.html} (all threads
	 * together) and {@code <name>-threads.html} (one tower per thread).
	 * @return the files written, relative names
	 */
	static List<String> flameGraphs(Path jfr, Window window, Path directory, String name, String title)
			throws IOException {
		if (!Files.isRegularFile(jfr) || Files.size(jfr) == 0) {
			return List.of();
		}
		List<String> written = new ArrayList<>();
		for (boolean threads : new boolean[] { false, true }) {
			String file = name + (threads ? "-threads" : "") + ".html";
			List<String> args = new ArrayList<>(List.of("--cpu", "--simple", "--from", Long.toString(window.fromMs()),
					"--to", Long.toString(window.toMs()), "--title", title + (threads ? " (by thread)" : "")));
			if (threads) {
				args.add("--threads");
			}
			JfrToFlame.convert(jfr.toString(), directory.resolve(file).toString(),
					new Arguments(args.toArray(String[]::new)));
			written.add(file);
		}
		return written;
	}

}
