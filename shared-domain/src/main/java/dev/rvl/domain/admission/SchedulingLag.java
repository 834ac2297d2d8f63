package dev.rvl.domain.admission;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;

/**
 * How far behind its schedule the app's own scheduler runs: the reactive app's event
 * loops, the Loom app's virtual-thread scheduler. Each app runs a {@link Probe} on its
 * scheduler every {@link #PERIOD} (a task scheduled on each event loop; a virtual thread
 * that sleeps); the time a probe runs after it was due is time every request on that
 * scheduler waited too, before admission could see it (in socket buffers, in the loop's
 * task queue, for a carrier thread). Admission refuses orders while the lag is above
 * {@code orders.admission.max-lag} - the event-loop-delay guard of Node.js servers
 * (Fastify's under-pressure, toobusy) - so that a saturated app answers the excess with
 * cheap 503s instead of queueing it where no limit counts it.
 * <p>
 * The lag is the largest over the probes of how late the last run was, or, when a probe
 * is overdue now, how overdue it is: a scheduler stuck in one long task counts from the
 * moment its probe was due, not only once the probe runs again.
 */
public final class SchedulingLag {

	/** How often a probe runs. */
	public static final Duration PERIOD = Duration.ofMillis(10);

	/** No guard: {@code orders.admission.max-lag} is 0. */
	public static final SchedulingLag OFF = new SchedulingLag(Duration.ZERO, System::nanoTime);

	private final long maxNanos;

	private final LongSupplier nanoClock;

	private final List<Probe> probes = new CopyOnWriteArrayList<>();

	/**
	 * @param max refuse orders above this lag; zero switches the guard off
	 * @param nanoClock the clock the probes run by (tests inject one)
	 */
	public SchedulingLag(Duration max, LongSupplier nanoClock) {
		if (max == null || max.isNegative()) {
			throw new IllegalArgumentException("orders.admission.max-lag must be 0 (off) or positive, was " + max);
		}
		this.maxNanos = max.toNanos();
		this.nanoClock = nanoClock;
	}

	/** Whether the guard is on ({@code orders.admission.max-lag} above 0). */
	public boolean enabled() {
		return this.maxNanos > 0;
	}

	/** The largest lag allowed. */
	public Duration max() {
		return Duration.ofNanos(this.maxNanos);
	}

	/**
	 * A probe for one scheduler (one event loop, or the virtual-thread scheduler); due
	 * one {@link #PERIOD} from now. Call {@link Probe#ran()} each time it runs, then
	 * schedule its next run one period later.
	 */
	public Probe probe() {
		Probe probe = new Probe(this.nanoClock.getAsLong() + PERIOD.toNanos());
		this.probes.add(probe);
		return probe;
	}

	/** The lag now, in nanoseconds: 0 without probes. */
	public long nanos() {
		long now = this.nanoClock.getAsLong();
		long lag = 0;
		for (Probe probe : this.probes) {
			lag = Math.max(lag, probe.lag(now));
		}
		return lag;
	}

	/** Whether the guard is on and the lag is above the largest allowed now. */
	public boolean exceeded() {
		return enabled() && nanos() > this.maxNanos;
	}

	/** One scheduler's probe. */
	public final class Probe {

		private volatile long due;

		private volatile long lastLate;

		private volatile boolean stopped;

		private Probe(long due) {
			this.due = due;
		}

		/** The probe runs now: records how late, and is due again one period later. */
		public void ran() {
			long now = SchedulingLag.this.nanoClock.getAsLong();
			this.lastLate = Math.max(0, now - this.due);
			this.due = now + PERIOD.toNanos();
		}

		/** The scheduler is gone (shut down): its probe no longer counts. */
		public void stop() {
			this.stopped = true;
			SchedulingLag.this.probes.remove(this);
		}

		public boolean stopped() {
			return this.stopped;
		}

		long lag(long now) {
			return Math.max(this.lastLate, now - this.due);
		}

	}

}
