package dev.rvl.reactive;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fails a test class after which Netty reported a leaked buffer. Every buffer of every
 * test in this module is tracked, but Netty only logs a leak, at ERROR, when it finds one
 * while tracking a later buffer - a log line nobody reads would let a missing
 * {@code release()} in the bulk pipeline pass. Registered for every test class of the
 * module ({@code junit-platform.properties}, extension autodetection).
 * <p>
 * How: Netty's detectors come from {@link ResourceLeakDetectorFactory}; this installs a
 * factory whose detectors sample every buffer and also tell a listener, before the first
 * buffer class is loaded (the JUnit engine loads its extensions before any test class
 * runs; the class fails if Netty's buffer detector was made before). After each class the
 * garbage collector runs and a few buffers are tracked, so that Netty reports what the
 * class left unreleased; any report fails the class, with the stack that allocated the
 * buffer.
 * <p>
 * Why level {@code simple} ({@code config/application.properties}) with every buffer
 * sampled, not {@code paranoid}: both track every buffer and record where it was
 * allocated, so both catch the same leaks; {@code paranoid} also records a stack trace at
 * every access to a tracked buffer, which made the contract suite take half as long again
 * (156 against 104 s, 96 s with no tracking at all) for records only the hunt for a
 * leak's cause needs. Hunting one: {@code -Dspring.netty.leak-detection=paranoid} on the
 * Maven command line adds them to the failure of every class that starts the app.
 */
public final class NoBufferLeaks implements AfterAllCallback {

	private static final List<String> leaks = new CopyOnWriteArrayList<>();

	private static final Set<Class<?>> tracked = ConcurrentHashMap.newKeySet();

	static {
		ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new Recording());
		// what config/application.properties sets for the app, also for the classes that
		// start no app: with the detectors below sampling every buffer, every buffer is
		// tracked, and the probes below always report
		ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.SIMPLE);
	}

	@Override
	public void afterAll(ExtensionContext context) throws InterruptedException {
		List<String> found = collect();
		assertThat(tracked)
			.as("Netty's buffers were created before the leak recording was installed: "
					+ "their leaks would not be seen")
			.contains(ByteBuf.class);
		assertThat(found).as("buffers leaked by " + context.getDisplayName()).isEmpty();
	}

	/** Netty's reports of buffers no longer reachable, cleared for the next class. */
	private static List<String> collect() throws InterruptedException {
		// A lost buffer is found once the collector has cleared it and a later buffer is
		// tracked; the reference handler enqueues it on a thread of its own.
		for (int round = 0; round < 5; round++) {
			System.gc();
			Thread.sleep(Duration.ofMillis(20));
			for (int i = 0; i < 4; i++) {
				ByteBufAllocator.DEFAULT.buffer(1).release();
			}
		}
		List<String> found = new ArrayList<>(leaks);
		leaks.removeAll(found);
		return found;
	}

	/** Netty's own detectors, which also report each leak to {@link #leaks}. */
	private static final class Recording extends ResourceLeakDetectorFactory {

		@Override
		public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval,
				long maxActive) {
			// sampling interval 1: every buffer tracked, whatever the level
			ResourceLeakDetector<T> detector = new ResourceLeakDetector<>(resource, 1);
			detector.setLeakListener((type, records) -> leaks.add(type + " leaked; Netty's records:" + records));
			tracked.add(resource);
			return detector;
		}

	}

}
