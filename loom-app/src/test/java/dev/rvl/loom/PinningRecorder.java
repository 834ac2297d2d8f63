package dev.rvl.loom;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;

/**
 * Records JFR {@code jdk.VirtualThreadPinned} events of this JVM (threshold 0, with stack
 * traces) while open. On JDK 24+ {@code synchronized} no longer pins (JEP 491), but
 * blocking in a class initializer or a native frame still does, and
 * {@code -Djdk.tracePinnedThreads} prints nothing any more: JFR is the way to see it.
 */
final class PinningRecorder implements AutoCloseable {

	private final RecordingStream stream = new RecordingStream();

	private final List<RecordedEvent> events = new CopyOnWriteArrayList<>();

	private PinningRecorder() {
		this.stream.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
		this.stream.onEvent("jdk.VirtualThreadPinned", this.events::add);
		this.stream.startAsync();
	}

	static PinningRecorder start() {
		return new PinningRecorder();
	}

	/**
	 * Stops recording (delivering every event recorded so far) and returns the events.
	 */
	List<RecordedEvent> stop() {
		this.stream.stop();
		return List.copyOf(this.events);
	}

	static String describe(List<RecordedEvent> events) {
		StringBuilder text = new StringBuilder();
		for (RecordedEvent event : events) {
			text.append(event.getDuration().toNanos() / 1000).append(" us pinned at\n");
			if (event.getStackTrace() != null) {
				event.getStackTrace()
					.getFrames()
					.stream()
					.limit(25)
					.forEach((frame) -> text.append("\t")
						.append(frame.getMethod().getType().getName())
						.append('.')
						.append(frame.getMethod().getName())
						.append(':')
						.append(frame.getLineNumber())
						.append('\n'));
			}
		}
		return text.toString();
	}

	@Override
	public void close() {
		this.stream.close();
	}

}
