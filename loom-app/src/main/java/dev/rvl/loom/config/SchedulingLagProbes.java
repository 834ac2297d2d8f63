package dev.rvl.loom.config;

import dev.rvl.domain.admission.SchedulingLag;

import org.springframework.boot.thread.Threading;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The scheduling lag's probe ({@link SchedulingLag}): a thread of the kind requests run
 * on - virtual, or a platform thread under {@code platform} - that wakes every
 * {@link SchedulingLag#PERIOD}. A wake-up that comes late is a scheduler whose carriers
 * (or CPUs) are busy: every request thread waited as long for one. (The reactive app's
 * twin probes each event loop.)
 */
@Component
class SchedulingLagProbes implements SmartLifecycle {

	private final SchedulingLag lag;

	private final Thread.Builder threads;

	/** Set by start, cleared by stop: both on the context's lifecycle thread. */
	private volatile Thread probing;

	SchedulingLagProbes(SchedulingLag lag, Environment environment) {
		this.lag = lag;
		this.threads = Threading.VIRTUAL.isActive(environment) ? Thread.ofVirtual().name("scheduling-lag")
				: Thread.ofPlatform().daemon().name("scheduling-lag");
	}

	@Override
	public void start() {
		SchedulingLag.Probe probe = this.lag.probe();
		this.probing = this.threads.start(() -> {
			try {
				while (!Thread.currentThread().isInterrupted()) {
					Thread.sleep(SchedulingLag.PERIOD);
					probe.ran();
				}
			}
			catch (InterruptedException ex) {
				// stopped
			}
			finally {
				probe.stop();
			}
		});
	}

	@Override
	public void stop() {
		Thread running = this.probing;
		if (running != null) {
			running.interrupt();
			this.probing = null;
		}
	}

	@Override
	public boolean isRunning() {
		return this.probing != null;
	}

}
