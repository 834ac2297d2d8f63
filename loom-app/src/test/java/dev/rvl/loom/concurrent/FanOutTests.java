package dev.rvl.loom.concurrent;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Forked tasks never outlive their {@link FanOut}: a cancelled task that is still busy is
 * waited for, so it cannot act (write a response, hold a connection) after the request
 * that forked it has ended.
 */
class FanOutTests {

	ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

	@AfterEach
	void shutDown() {
		this.executor.shutdownNow();
	}

	@Test
	void closingWaitsForATaskThatIgnoresItsCancellation() {
		AtomicBoolean finished = new AtomicBoolean();

		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> {
			try (FanOut fanOut = new FanOut(this.executor)) {
				fanOut.fork(() -> busyFor(Duration.ofMillis(300), finished));
				fanOut.fork(() -> {
					throw new IllegalArgumentException("first failure");
				});
				fanOut.join();
			}
		});

		assertThat(finished).as("the busy task had finished when the scope closed").isTrue();
	}

	@Test
	void aDeadlineCancelsAndWaitsForTheTasks() {
		AtomicBoolean finished = new AtomicBoolean();

		assertThatExceptionOfType(TimeoutException.class).isThrownBy(() -> {
			try (FanOut fanOut = new FanOut(this.executor)) {
				fanOut.fork(() -> busyFor(Duration.ofMillis(300), finished));
				fanOut.join(Duration.ofMillis(10));
			}
		});

		assertThat(finished).isTrue();
	}

	@Test
	void interruptsTasksBlockedInterruptibly() throws Exception {
		try (FanOut fanOut = new FanOut(this.executor)) {
			fanOut.fork(() -> {
				Thread.sleep(Duration.ofMinutes(10));
				return null;
			});
			assertThatExceptionOfType(TimeoutException.class).isThrownBy(() -> fanOut.join(Duration.ofMillis(10)));
		}
	}

	@Test
	void returnsTheResultsOfTasksThatSucceeded() throws Exception {
		try (FanOut fanOut = new FanOut(this.executor)) {
			Supplier<String> a = fanOut.fork(() -> "a");
			Supplier<Integer> b = fanOut.fork(() -> 2);
			fanOut.join(Duration.ofSeconds(30));

			assertThat(a.get() + b.get()).isEqualTo("a2");
		}
	}

	/**
	 * Keeps the CPU busy for a while, deaf to interrupts, like code that never checks.
	 */
	static Void busyFor(Duration duration, AtomicBoolean finished) {
		long end = System.nanoTime() + duration.toNanos();
		while (System.nanoTime() < end) {
			Thread.onSpinWait();
		}
		finished.set(true);
		return null;
	}

}
