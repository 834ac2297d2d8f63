package dev.rvl.domain.admission;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntUnaryOperator;
import java.util.function.LongSupplier;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.FixedLimit;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import com.netflix.concurrency.limits.limit.VegasLimit;
import com.netflix.concurrency.limits.limit.functions.Log10RootIntFunction;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import dev.rvl.domain.config.OrdersSettings;
import dev.rvl.domain.config.OrdersSettings.AdmissionSettings;
import dev.rvl.domain.problem.Problem;
import dev.rvl.domain.problem.ProblemKind;

/**
 * Admission control, the same in both apps: two limits on the requests in flight.
 * <ul>
 * <li>The memory guard ({@code orders.max-in-flight}, an {@link AdmissionLimit}) counts
 * every {@code /api/} request, bulk ones as one each: never more than this many, whatever
 * else happens, so a flood cannot exhaust the heap.</li>
 * <li>The adaptive limit ({@code orders.admission.*}, Netflix concurrency-limits) counts
 * only {@code POST /api/orders}: it learns how many orders can be in flight before they
 * start queueing, from the latency of the orders it admitted, and refuses the rest at
 * once. Only orders train it because only they share one latency profile (the partner
 * round trip plus a few queries); a 2 ms read or a minutes-long bulk request in the same
 * samples would look like congestion or its absence.</li>
 * </ul>
 * Before both, orders are refused while the app's own scheduler runs late
 * ({@link SchedulingLag}, {@code orders.admission.max-lag}): requests that wait for an
 * event loop or a carrier thread wait before any limit can count them.
 * <p>
 * Lock-free apart from the limit algorithm's short update, so it is safe on an event loop
 * and on virtual threads alike.
 */
public final class Admission {

	/**
	 * Vegas's own step (its default decrease): 1 below a limit of 100, 2 below 1,000, 3
	 * from there.
	 */
	private static final IntUnaryOperator LOG10_ROOT = Log10RootIntFunction.create(0);

	private final AdmissionLimit memoryGuard;

	private final SimpleLimiter<Void> orderLimiter;

	private final SchedulingLag lag;

	private final Duration queueBudget;

	private final LongSupplier nanoClock;

	private final Map<RefusalReason, LongAdder> refusals = new EnumMap<>(RefusalReason.class);

	/**
	 * @param settings the {@code orders.*} settings
	 * @param lag the app's scheduling lag, whose probes the app runs
	 */
	public Admission(OrdersSettings settings, SchedulingLag lag) {
		this(settings, lag, System::nanoTime);
	}

	/**
	 * @param settings the {@code orders.*} settings
	 * @param lag the app's scheduling lag, whose probes the app runs
	 * @param nanoClock the clock latencies and queue waits are measured with (tests
	 * inject one)
	 */
	public Admission(OrdersSettings settings, SchedulingLag lag, LongSupplier nanoClock) {
		this.lag = lag;
		this.memoryGuard = new AdmissionLimit(settings.maxInFlight());
		this.queueBudget = settings.queueBudget();
		this.nanoClock = nanoClock;
		for (RefusalReason reason : RefusalReason.values()) {
			this.refusals.put(reason, new LongAdder());
		}
		this.orderLimiter = SimpleLimiter.newBuilder()
			.named("orders")
			.limit(limit(settings.admission(), settings.maxInFlight()))
			.nanoClock(nanoClock)
			.build();
	}

	/**
	 * The limit algorithm. Vegas with its thresholds relative to the limit, as its own
	 * Javadoc describes them: queueing under 10 % of the round trip grows the limit, over
	 * 20 % shrinks it. The library's defaults grow with the logarithm of the limit, which
	 * at a few hundred orders in flight behind a 100 ms to 3 s partner call would read 2
	 * % of jitter as queueing. Looser thresholds (20 % / 40 %, the first choice) let the
	 * queue grow to 40 % of the limit at 1.5 x the knee: orders waited up to the queue
	 * budget, the served p99 exceeded the SLO and the excess was refused by the budget
	 * after its wait instead of at once (bench overload simulation, tuning log row 13).
	 * Small steps (smoothing 0.3): a sample arrives one round trip after its admission,
	 * and full steps kept shrinking the limit on stale samples, below the knee; with the
	 * tighter thresholds half steps still swung it below the capacity ({@code
	 * SimulatedServer}: 89 % of it placed, 97 % with 0.3). Its aggressive step (grow by
	 * beta when there is no queue at all) is off: after a re-probe of the no-load latency
	 * it overshot by several times within one round trip. Its decrease (the library's
	 * default, minus the limit's log10 root) stops at {@code min-limit}: Vegas has no
	 * floor of its own, and after a run of refusals its estimate sank below the one
	 * {@link BoundedLimit} reports, to a single order, and had to climb back one
	 * completed order at a time before the reported limit moved. The bounds were chosen
	 * against {@code SimulatedServer} in {@code AdmissionTests}.
	 */
	static Limit limit(AdmissionSettings settings, int maxInFlight) {
		Limit algorithm = switch (settings.limit()) {
			case VEGAS -> VegasLimit.newBuilder()
				.initialLimit(settings.initialLimit())
				.maxConcurrency(settings.maxLimit())
				.alphaFunction((limit) -> Math.max(2, limit / 10))
				.betaFunction((limit) -> Math.max(4, limit / 5))
				.thresholdFunction((limit) -> -1)
				.decreaseFunction((limit) -> Math.max(settings.minLimit(), limit - LOG10_ROOT.applyAsInt((int) limit)))
				.smoothing(0.3)
				.build();
			case GRADIENT2 -> Gradient2Limit.newBuilder()
				.initialLimit(settings.initialLimit())
				.minLimit(settings.minLimit())
				.maxConcurrency(settings.maxLimit())
				.build();
			case FIXED -> FixedLimit.of(maxInFlight);
		};
		return (settings.limit() == OrdersSettings.LimitAlgorithm.FIXED) ? algorithm
				: new BoundedLimit(algorithm, settings.minLimit(), settings.maxLimit());
	}

	/**
	 * Admits a {@code POST /api/orders} under the lag guard and both limits.
	 * @return a ticket to complete when the answer is written, or the refusal
	 */
	public Decision admitOrder() {
		if (this.lag.exceeded()) {
			return refuse(RefusalReason.SCHEDULING_LAG,
					"The server runs " + this.lag.nanos() / 1_000_000
							+ " ms behind its schedule, more than orders.admission.max-lag ("
							+ this.lag.max().toMillis() + " ms); retry later");
		}
		if (!this.memoryGuard.tryAcquire()) {
			return memoryGuardRefusal();
		}
		Optional<Limiter.Listener> listener = this.orderLimiter.acquire(null);
		if (listener.isEmpty()) {
			this.memoryGuard.release();
			return refuse(RefusalReason.ORDER_LIMIT, "The limit of orders in flight (" + this.orderLimiter.getLimit()
					+ " now, adapted to the measured latency) is reached; retry later");
		}
		return new Ticket(listener.get());
	}

	/**
	 * Admits any other {@code /api/} request (reads, a bulk request) under the memory
	 * guard alone.
	 * @return a ticket to complete when the answer is written, or the refusal
	 */
	public Decision admit() {
		if (!this.memoryGuard.tryAcquire()) {
			return memoryGuardRefusal();
		}
		return new Ticket(null);
	}

	private Refused memoryGuardRefusal() {
		return refuse(RefusalReason.MEMORY_GUARD,
				"More than " + this.memoryGuard.max() + " requests are in flight; retry later");
	}

	private Refused refuse(RefusalReason reason, String detail) {
		this.refusals.get(reason).increment();
		return new Refused(detail);
	}

	/**
	 * Requests refused so far for this reason (the {@code orders.admission.refused}
	 * counter): refused at the door, before any work. Refusals after admission - the
	 * queue budget, the DB pool wait - are counted as orders with the {@code overloaded}
	 * outcome.
	 */
	public long refusals(RefusalReason reason) {
		return this.refusals.get(reason).sum();
	}

	/** Requests in flight now, every kind (the {@code orders.in.flight} gauge). */
	public int inFlight() {
		return this.memoryGuard.inFlight();
	}

	/**
	 * The limit on orders in flight now (the {@code orders.admission.limit} gauge):
	 * adapted, or {@code orders.max-in-flight} when the limit is {@code fixed}.
	 */
	public int limit() {
		return this.orderLimiter.getLimit();
	}

	/**
	 * How far behind its schedule the app's scheduler runs now, in seconds (the
	 * {@code orders.admission.lag} gauge).
	 */
	public double lagSeconds() {
		return this.lag.nanos() / 1e9;
	}

	/** Orders in flight under the adaptive limit now. */
	public int ordersInFlight() {
		return this.orderLimiter.getInflight();
	}

	/** Why a request was refused at the door: the {@code reason} of its count. */
	public enum RefusalReason {

		/** The app's scheduler ran late ({@code orders.admission.max-lag}). */
		SCHEDULING_LAG("scheduling-lag"),

		/** The adaptive limit on orders in flight ({@code orders.admission.*}). */
		ORDER_LIMIT("order-limit"),

		/** The memory guard ({@code orders.max-in-flight}). */
		MEMORY_GUARD("memory-guard");

		private final String slug;

		RefusalReason(String slug) {
			this.slug = slug;
		}

		/** The metric's tag value. */
		public String slug() {
			return this.slug;
		}

	}

	/** What admission decided: a {@link Ticket}, or {@link Refused} (503). */
	public sealed interface Decision permits Ticket, Refused {

	}

	/**
	 * Refused: answer 503 {@code overloaded} with this detail.
	 *
	 * @param detail the problem's detail
	 */
	public record Refused(String detail) implements Decision {

		/**
		 * The problem to answer with. Made without an exception: at four times the knee
		 * most requests are refused, and the stack trace of each was 3-6 % of a refusal's
		 * CPU.
		 */
		public Problem problem() {
			return new Problem(ProblemKind.OVERLOADED, this.detail);
		}

	}

	/**
	 * An admitted request. Complete it exactly once when its answer is written; later
	 * calls are ignored, so a framework that signals twice cannot release twice.
	 */
	public final class Ticket implements Decision {

		private final Limiter.Listener listener;

		private final QueueBudget queueBudget;

		private final AtomicBoolean done = new AtomicBoolean();

		private Ticket(Limiter.Listener listener) {
			this.listener = listener;
			this.queueBudget = (listener != null) ? new QueueBudget(Admission.this.nanoClock.getAsLong(),
					Admission.this.queueBudget, Admission.this.nanoClock) : QueueBudget.NONE;
		}

		/**
		 * The queue budget of this request: orders have one from their admission on;
		 * other requests none.
		 */
		public QueueBudget queueBudget() {
			return this.queueBudget;
		}

		/**
		 * The answer with this status was written: the latency trains the limit, or the
		 * refusal shrinks it, or it is ignored (see {@link Outcome#of}).
		 */
		public void completed(int status) {
			release(Outcome.of(status));
		}

		/**
		 * The exchange ended without an answer of ours (the client went away, the server
		 * failed it): its latency says nothing about capacity.
		 */
		public void abandoned() {
			release(Outcome.IGNORED);
		}

		private void release(Outcome outcome) {
			if (!this.done.compareAndSet(false, true)) {
				return;
			}
			try {
				if (this.listener != null) {
					switch (outcome) {
						case SUCCEEDED -> this.listener.onSuccess();
						case DROPPED -> this.listener.onDropped();
						case IGNORED -> this.listener.onIgnore();
					}
				}
			}
			finally {
				Admission.this.memoryGuard.release();
			}
		}

	}

}
