package dev.rvl.web;

import org.springframework.context.SmartLifecycle;

/**
 * Tells a long request that the app is shutting down. It is the first bean stopped when
 * the context closes (SIGTERM): the highest phase, before the web server's graceful
 * shutdown begins to wait for the requests in flight. A bulk request then stops placing
 * orders and answers each line it has not started as
 * {@link dev.rvl.domain.problem.Problems#shuttingDown()}, so that it ends, every line
 * answered, within the shutdown phase, instead of being cut off at its end.
 */
public class ShutdownSignal implements SmartLifecycle {

	private volatile boolean running;

	private volatile boolean shuttingDown;

	/** Whether the app's shutdown has begun. */
	public boolean shuttingDown() {
		return this.shuttingDown;
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		this.shuttingDown = true;
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return DEFAULT_PHASE;
	}

}
