package dev.rvl.domain.admission;

import java.time.Duration;
import java.util.function.LongSupplier;

import dev.rvl.domain.problem.Problems;

/**
 * No work for callers who are gone: an order that waited in queues (the event loop or the
 * virtual-thread scheduler, the connection pool) longer than {@code orders.queue-budget}
 * since its admission is refused with 503 {@code overloaded} before it starts its
 * database or partner work. Its caller has most likely given up; the work would only
 * delay the orders behind it.
 */
public final class QueueBudget {

	/** No budget: bulk lines wait in the bulk buffer by design. */
	public static final QueueBudget NONE = new QueueBudget(0, null, () -> 0);

	/** The request attribute the admission filters pass an order's budget in. */
	public static final String ATTRIBUTE = "dev.rvl.domain.admission.QueueBudget";

	private final long admittedAt;

	private final Duration budget;

	private final LongSupplier nanoClock;

	QueueBudget(long admittedAt, Duration budget, LongSupplier nanoClock) {
		this.admittedAt = admittedAt;
		this.budget = budget;
		this.nanoClock = nanoClock;
	}

	/**
	 * Refuses the order if it has waited too long.
	 * @param step the work about to start, for the problem's detail
	 * @throws dev.rvl.domain.problem.ProblemException 503 {@code overloaded} when the
	 * budget is spent
	 */
	public void check(String step) {
		if (this.budget == null) {
			return;
		}
		long waited = this.nanoClock.getAsLong() - this.admittedAt;
		if (waited > this.budget.toNanos()) {
			throw Problems.overloaded("The order waited " + waited / 1_000_000 + " ms before " + step
					+ ", longer than the queue budget of " + this.budget.toMillis() + " ms; retry later");
		}
	}

}
