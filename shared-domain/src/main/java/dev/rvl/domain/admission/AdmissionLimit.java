package dev.rvl.domain.admission;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admission control: at most {@code max} requests in flight; the next one is refused at
 * once (503 {@code overloaded}) instead of queuing without bound. Lock-free, so it is
 * safe on an event loop and on virtual threads alike.
 */
public final class AdmissionLimit {

	private final int max;

	private final AtomicInteger inFlight = new AtomicInteger();

	public AdmissionLimit(int max) {
		if (max < 1) {
			throw new IllegalArgumentException("max must be at least 1");
		}
		this.max = max;
	}

	/**
	 * Admits a request if fewer than {@code max} are in flight; pair with
	 * {@link #release()}.
	 */
	public boolean tryAcquire() {
		int current;
		do {
			current = this.inFlight.get();
			if (current >= this.max) {
				return false;
			}
		}
		while (!this.inFlight.compareAndSet(current, current + 1));
		return true;
	}

	public void release() {
		this.inFlight.decrementAndGet();
	}

	/** Requests in flight now (the {@code orders.in.flight} gauge). */
	public int inFlight() {
		return this.inFlight.get();
	}

	public int max() {
		return this.max;
	}

}
