package dev.rvl.partner;

import java.util.concurrent.atomic.AtomicReference;

import org.springframework.stereotype.Component;

/**
 * The faults in force right now, shared by all requests without locking.
 */
@Component
class FaultSettings {

	private final AtomicReference<Faults> current = new AtomicReference<>(Faults.NONE);

	Faults current() {
		return this.current.get();
	}

	Faults replace(Faults faults) {
		this.current.set(faults);
		return faults;
	}

	Faults reset() {
		return replace(Faults.NONE);
	}

}
