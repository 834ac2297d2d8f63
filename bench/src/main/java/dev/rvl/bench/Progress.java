package dev.rvl.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** Progress on the terminal: one line per phase, with wall clock and time since start. */
final class Progress {

	private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

	private final PrintStream out;

	private final long start = System.nanoTime();

	Progress(PrintStream out) {
		this.out = out;
	}

	void phase(String scope, String message) {
		Duration elapsed = elapsed();
		this.out.printf("[%s +%d:%02d] %-9s %s%n", LocalTime.now().format(CLOCK), elapsed.toMinutes(),
				elapsed.toSecondsPart(), scope, message);
		this.out.flush();
	}

	Duration elapsed() {
		return Duration.ofNanos(System.nanoTime() - this.start);
	}

}
