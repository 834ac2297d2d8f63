package dev.rvl.loom.concurrent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Forks tasks onto threads of their own (virtual ones by default) and joins them: the
 * first failure, or the deadline, cancels (interrupts) the others. What
 * {@code StructuredTaskScope} will give, with stable APIs only.
 *
 * <pre class="code">
 * try (FanOut fanOut = new FanOut(executor)) {
 *     Supplier&lt;A&gt; a = fanOut.fork(this::callA);
 *     Supplier&lt;B&gt; b = fanOut.fork(this::callB);
 *     fanOut.join(timeout);
 *     return combine(a.get(), b.get());
 * }
 * </pre>
 */
public final class FanOut implements AutoCloseable {

	private final ExecutorCompletionService<Object> completion;

	private final List<Future<Object>> forked = new ArrayList<>();

	public FanOut(Executor executor) {
		this.completion = new ExecutorCompletionService<>(executor);
	}

	/** Starts a task; its result is available from the supplier after {@link #join}. */
	@SuppressWarnings("unchecked")
	public <T> Supplier<T> fork(Callable<T> task) {
		Future<Object> future = this.completion.submit((Callable<Object>) task);
		this.forked.add(future);
		return () -> (T) future.resultNow();
	}

	/**
	 * Waits until every task succeeded, or throws the first failure (unchecked as is,
	 * checked wrapped) after cancelling the rest.
	 * @throws TimeoutException when the deadline passes first (the tasks are cancelled)
	 */
	public void join(Duration timeout) throws TimeoutException {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (int done = 0; done < this.forked.size(); done++) {
			Future<Object> next = poll(deadline - System.nanoTime());
			if (next == null) {
				close();
				throw new TimeoutException("Not done within " + timeout.toMillis() + " ms");
			}
			rethrowFailure(next);
		}
	}

	/**
	 * Waits until every task succeeded, or throws the first failure after cancelling the
	 * rest.
	 */
	public void join() {
		for (int done = 0; done < this.forked.size(); done++) {
			rethrowFailure(take());
		}
	}

	/** Cancels what is still running. */
	@Override
	public void close() {
		this.forked.forEach((future) -> future.cancel(true));
	}

	private Future<Object> poll(long nanos) {
		try {
			return this.completion.poll(Math.max(0, nanos), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			close();
			Thread.currentThread().interrupt();
			throw new CancellationException("Interrupted while joining");
		}
	}

	private Future<Object> take() {
		try {
			return this.completion.take();
		}
		catch (InterruptedException ex) {
			close();
			Thread.currentThread().interrupt();
			throw new CancellationException("Interrupted while joining");
		}
	}

	private void rethrowFailure(Future<Object> future) {
		try {
			future.get();
		}
		catch (ExecutionException ex) {
			close();
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (ex.getCause() instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException(ex.getCause());
		}
		catch (InterruptedException ex) {
			close();
			Thread.currentThread().interrupt();
			throw new CancellationException("Interrupted while joining");
		}
	}

}
