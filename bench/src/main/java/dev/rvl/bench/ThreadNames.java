package dev.rvl.bench;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The full names of a JVM's threads by OS thread id, from {@code jcmd <pid> Thread.print}
 * (the kernel keeps only 15 characters: {@code reactor-http-epoll-1} and
 * {@code reactor-http-epoll-2} are both {@code reactor-http-ep} in {@code /proc}). Asked
 * once, after the load, so it costs the measured run nothing.
 */
final class ThreadNames {

	private static final Pattern THREAD = Pattern.compile("^\"(.*)\" .*\\bnid=(0x[0-9a-fA-F]+|\\d+)\\b");

	private ThreadNames() {
	}

	/** The names, or an empty map when the JVM could not be asked. */
	static Map<Long, String> of(Project project, long pid) {
		try {
			Process jcmd = new ProcessBuilder(project.jdkTool("jcmd"), Long.toString(pid), "Thread.print")
				.redirectErrorStream(true)
				.start();
			String output = new String(jcmd.getInputStream().readAllBytes());
			if (!jcmd.waitFor(30, TimeUnit.SECONDS)) {
				jcmd.destroyForcibly();
				return Map.of();
			}
			return parse(output.lines().toList());
		}
		catch (IOException ex) {
			return Map.of();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Map.of();
		}
	}

	static Map<Long, String> parse(List<String> lines) {
		Map<Long, String> names = new HashMap<>();
		for (String line : lines) {
			Matcher matcher = THREAD.matcher(line);
			if (matcher.find()) {
				String nid = matcher.group(2);
				long tid = nid.startsWith("0x") ? Long.parseLong(nid.substring(2), 16) : Long.parseLong(nid);
				names.put(tid, matcher.group(1));
			}
		}
		return names;
	}

}
