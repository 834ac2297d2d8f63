package dev.rvl.loom.concurrent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Forks tasks onto threads of their own (virtual ones by default) and joins them: the
 * first failure, or the deadline, cancels (interrupts) the others. What
 * {@code StructuredTaskScope} will give, with stable APIs only: like it, closing waits
 * until every forked task has finished, so no task outlives the scope (and the request
 * that opened it).
 *
 * <pre class="code">
 * try (FanOut fanOut = new FanOut(executor)) {
 *     Supplier&lt;A&gt; a = fanOut.fork(this::callA);
 *     Supplier&lt;B&gt; b = fanOut.fork(this::callB);
 *     fanOut.join(timeout);
 *     return combine(a.get(), b.get());
 * }
 * </pre>
 *
 * Interrupting a virtual thread closes a socket it is blocked on: fork only tasks that
 * may be interrupted (an HTTP call, a queue), never one that may be inside a JDBC call.
 */
public final class FanOut implements AutoCloseable {

	private final Executor executor;

	private final List<Task<?>> forked = new ArrayList<>();

	private final BlockingQueue<Task<?>> finished = new LinkedBlockingQueue<>();

	public FanOut(Executor executor) {
		this.executor = executor;
	}

	/** Starts a task; its result is available from the supplier after {@link #join}. */
	public <T> Supplier<T> fork(Callable<T> callable) {
		Task<T> task = new Task<>(callable, this.finished);
		this.forked.add(task);
		this.executor.execute(task);
		return task::result;
	}

	/**
	 * Waits until every task succeeded, or throws the first failure (unchecked as is,
	 * checked wrapped) after cancelling the rest.
	 * @throws TimeoutException when the deadline passes first (the tasks are cancelled)
	 */
	public void join(Duration timeout) throws TimeoutException {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (int done = 0; done < this.forked.size(); done++) {
			Task<?> next = poll(deadline - System.nanoTime());
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

	/**
	 * Cancels what is still running and waits until every forked task has finished.
	 */
	@Override
	public void close() {
		this.forked.forEach(Task::cancel);
		this.forked.forEach(Task::awaitFinished);
	}

	private Task<?> poll(long nanos) {
		try {
			return this.finished.poll(Math.max(0, nanos), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			throw interrupted();
		}
	}

	private Task<?> take() {
		try {
			return this.finished.take();
		}
		catch (InterruptedException ex) {
			throw interrupted();
		}
	}

	private CancellationException interrupted() {
		close();
		Thread.currentThread().interrupt();
		return new CancellationException("Interrupted while joining");
	}

	private void rethrowFailure(Task<?> task) {
		Throwable failure = task.failure();
		if (failure == null) {
			return;
		}
		close();
		if (failure instanceof RuntimeException runtime) {
			throw runtime;
		}
		if (failure instanceof Error error) {
			throw error;
		}
		throw new IllegalStateException(failure);
	}

	/**
	 * A forked task that knows the thread running it (to interrupt it) and when it has
	 * finished, even if cancelled before it started.
	 */
	private static final class Task<T> implements Runnable {

		private final Callable<T> callable;

		private final BlockingQueue<Task<?>> finished;

		private final CountDownLatch done = new CountDownLatch(1);

		private final ReentrantLock lock = new ReentrantLock();

		private Thread runner;

		private boolean cancelled;

		private T result;

		private Throwable failure;

		Task(Callable<T> callable, BlockingQueue<Task<?>> finished) {
			this.callable = callable;
			this.finished = finished;
		}

		@Override
		public void run() {
			try {
				if (start()) {
					this.result = this.callable.call();
				}
			}
			catch (Throwable ex) {
				this.failure = ex;
			}
			finally {
				stop();
				this.done.countDown();
				this.finished.add(this);
			}
		}

		private boolean start() {
			this.lock.lock();
			try {
				if (this.cancelled) {
					this.failure = new CancellationException("Cancelled before it started");
					return false;
				}
				this.runner = Thread.currentThread();
				return true;
			}
			finally {
				this.lock.unlock();
			}
		}

		private void stop() {
			this.lock.lock();
			try {
				this.runner = null;
				// an interrupt that came too late must not reach the pool thread's next
				// task
				Thread.interrupted();
			}
			finally {
				this.lock.unlock();
			}
		}

		void cancel() {
			this.lock.lock();
			try {
				this.cancelled = true;
				if (this.runner != null) {
					this.runner.interrupt();
				}
			}
			finally {
				this.lock.unlock();
			}
		}

		void awaitFinished() {
			boolean interrupted = false;
			while (true) {
				try {
					this.done.await();
					break;
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
			}
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}

		T result() {
			if (this.done.getCount() > 0 || this.failure != null) {
				throw new IllegalStateException("The task has not succeeded");
			}
			return this.result;
		}

		Throwable failure() {
			return this.failure;
		}

	}

}
