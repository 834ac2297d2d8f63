package dev.rvl.reactive.config;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import dev.rvl.domain.admission.SchedulingLag;
import io.netty.util.concurrent.EventExecutor;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The scheduling lag's probes ({@link SchedulingLag}): a task on every event loop of the
 * app, every {@link SchedulingLag#PERIOD}. A loop that runs it late is a loop that reads
 * its sockets late: every request on it waited as long before the admission filter could
 * count or refuse it. (The Loom app's twin probes its virtual-thread scheduler.)
 */
@Component
class SchedulingLagProbes implements SmartLifecycle {

	private final EventLoops loops;

	private final SchedulingLag lag;

	/** Set by start, cleared by stop: both on the context's lifecycle thread. */
	private volatile List<Runnable> stops = List.of();

	SchedulingLagProbes(EventLoops loops, SchedulingLag lag) {
		this.loops = loops;
		this.lag = lag;
	}

	@Override
	public void start() {
		long period = SchedulingLag.PERIOD.toNanos();
		List<Runnable> started = new ArrayList<>();
		for (EventExecutor loop : this.loops.all()) {
			SchedulingLag.Probe probe = this.lag.probe();
			Future<?> runs = loop.scheduleWithFixedDelay(probe::ran, period, period, TimeUnit.NANOSECONDS);
			started.add(() -> {
				runs.cancel(false);
				probe.stop();
			});
		}
		this.stops = List.copyOf(started);
	}

	@Override
	public void stop() {
		this.stops.forEach(Runnable::run);
		this.stops = List.of();
	}

	@Override
	public boolean isRunning() {
		return !this.stops.isEmpty();
	}

}
