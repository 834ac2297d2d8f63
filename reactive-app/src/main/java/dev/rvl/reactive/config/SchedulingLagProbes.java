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

	private final List<Runnable> stops = new ArrayList<>();

	SchedulingLagProbes(EventLoops loops, SchedulingLag lag) {
		this.loops = loops;
		this.lag = lag;
	}

	@Override
	public synchronized void start() {
		long period = SchedulingLag.PERIOD.toNanos();
		for (EventExecutor loop : this.loops.all()) {
			SchedulingLag.Probe probe = this.lag.probe();
			Future<?> runs = loop.scheduleWithFixedDelay(probe::ran, period, period, TimeUnit.NANOSECONDS);
			this.stops.add(() -> {
				runs.cancel(false);
				probe.stop();
			});
		}
	}

	@Override
	public synchronized void stop() {
		this.stops.forEach(Runnable::run);
		this.stops.clear();
	}

	@Override
	public synchronized boolean isRunning() {
		return !this.stops.isEmpty();
	}

}
