package dev.rvl.domain.admission;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicLong;

import dev.rvl.domain.admission.Admission.Ticket;
import dev.rvl.domain.problem.ProblemException;

/**
 * A model of an app behind {@link Admission}, in simulated time (1 ms steps): admitted
 * orders queue for the CPU, which serves {@code capacity} orders per second in arrival
 * order (the event loop or the carrier threads); an order's budget is checked when it
 * gets the CPU (refused: 503, which costs the CPU slot as well), then it waits for the
 * partner ({@code partnerLatency}) and is answered 201. Its latency, admission to answer,
 * is what trains the limit.
 */
final class SimulatedServer {

	private final Admission admission;

	private final AtomicLong nanos;

	private final ArrayDeque<Order> cpuQueue = new ArrayDeque<>();

	private final PriorityQueue<Order> atPartner = new PriorityQueue<>((a, b) -> Long.compare(a.answerAt, b.answerAt));

	private long now;

	private double arrivals;

	private double cpu;

	SimulatedServer(Admission admission, AtomicLong nanos) {
		this.admission = admission;
		this.nanos = nanos;
	}

	/**
	 * Offers orders at a rate for a while.
	 * @return what happened to the orders answered meanwhile
	 */
	Result run(double offeredPerSecond, double capacityPerSecond, Duration partnerLatency, Duration duration) {
		Result result = new Result(duration);
		long end = this.now + duration.toMillis();
		for (; this.now < end; this.now++) {
			this.nanos.set(Duration.ofMillis(this.now).toNanos());
			arrive(offeredPerSecond, result);
			serve(capacityPerSecond, partnerLatency.toMillis(), result);
			answer(result);
		}
		return result;
	}

	private void arrive(double offeredPerSecond, Result result) {
		for (this.arrivals += offeredPerSecond / 1000; this.arrivals >= 1; this.arrivals--) {
			if (this.admission.admitOrder() instanceof Ticket ticket) {
				this.cpuQueue.add(new Order(ticket, this.now));
			}
			else {
				result.refused++;
			}
		}
	}

	private void serve(double capacityPerSecond, long partnerMillis, Result result) {
		this.cpu += capacityPerSecond / 1000;
		for (; this.cpu >= 1 && !this.cpuQueue.isEmpty(); this.cpu--) {
			Order order = this.cpuQueue.poll();
			try {
				order.ticket.queueBudget().check("asking the partners");
				order.answerAt = this.now + partnerMillis;
				this.atPartner.add(order);
			}
			catch (ProblemException ex) {
				order.ticket.completed(503);
				result.dropped++;
			}
		}
		if (this.cpuQueue.isEmpty()) {
			this.cpu = Math.min(this.cpu, 1); // an idle CPU saves nothing up
		}
	}

	private void answer(Result result) {
		while (!this.atPartner.isEmpty() && this.atPartner.peek().answerAt <= this.now) {
			Order order = this.atPartner.poll();
			order.ticket.completed(201);
			result.latencies.add(this.now - order.admittedAt);
		}
	}

	private static final class Order {

		final Ticket ticket;

		final long admittedAt;

		long answerAt;

		Order(Ticket ticket, long admittedAt) {
			this.ticket = ticket;
			this.admittedAt = admittedAt;
		}

	}

	/** The answers of one run. */
	static final class Result {

		private final Duration duration;

		final List<Long> latencies = new ArrayList<>();

		int refused;

		int dropped;

		Result(Duration duration) {
			this.duration = duration;
		}

		/** 201s per second. */
		double goodput() {
			return this.latencies.size() * 1000.0 / this.duration.toMillis();
		}

		long p99Millis() {
			List<Long> sorted = new ArrayList<>(this.latencies);
			Collections.sort(sorted);
			return sorted.isEmpty() ? 0 : sorted.get((int) Math.ceil(sorted.size() * 0.99) - 1);
		}

	}

}
