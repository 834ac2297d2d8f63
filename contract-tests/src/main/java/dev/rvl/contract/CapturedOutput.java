package dev.rvl.contract;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What this JVM prints to {@code System.out} and {@code System.err} while open (the
 * console log of an app running in it included), still passed through.
 */
public final class CapturedOutput implements AutoCloseable {

	private final PrintStream out = System.out;

	private final PrintStream err = System.err;

	private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

	private CapturedOutput() {
		System.setOut(new PrintStream(new Tee(this.out, this.captured), true, StandardCharsets.UTF_8));
		System.setErr(new PrintStream(new Tee(this.err, this.captured), true, StandardCharsets.UTF_8));
	}

	public static CapturedOutput start() {
		return new CapturedOutput();
	}

	/** Everything printed since {@link #start()}. */
	public String text() {
		synchronized (this.captured) {
			return this.captured.toString(StandardCharsets.UTF_8);
		}
	}

	/**
	 * The lines logged at ERROR since {@link #start()}, each with the line after it (an
	 * exception's class and message, when one was logged): what a failure should show,
	 * where the whole output would be cut short.
	 */
	public List<String> errors() {
		List<String> lines = text().lines().toList();
		List<String> errors = new ArrayList<>();
		for (int i = 0; i < lines.size(); i++) {
			if (lines.get(i).contains(" ERROR ")) {
				errors.add((i + 1 < lines.size()) ? lines.get(i) + "\n" + lines.get(i + 1) : lines.get(i));
			}
		}
		return errors;
	}

	@Override
	public void close() {
		System.setOut(this.out);
		System.setErr(this.err);
	}

	private static final class Tee extends OutputStream {

		private final PrintStream original;

		private final ByteArrayOutputStream copy;

		Tee(PrintStream original, ByteArrayOutputStream copy) {
			this.original = original;
			this.copy = copy;
		}

		@Override
		public void write(int b) {
			this.original.write(b);
			synchronized (this.copy) {
				this.copy.write(b);
			}
		}

		@Override
		public void write(byte[] bytes, int offset, int length) {
			this.original.write(bytes, offset, length);
			synchronized (this.copy) {
				this.copy.write(bytes, offset, length);
			}
		}

	}

}
