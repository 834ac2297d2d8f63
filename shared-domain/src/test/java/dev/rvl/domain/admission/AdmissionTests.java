package dev.rvl.domain.admission;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import dev.rvl.domain.admission.Admission.Decision;
import dev.rvl.domain.admission.Admission.RefusalReason;
import dev.rvl.domain.admission.Admission.Refused;
import dev.rvl.domain.admission.Admission.Ticket;
import dev.rvl.domain.config.OrdersSettings;
import dev.rvl.domain.config.OrdersSettings.AdmissionSettings;
import dev.rvl.domain.config.OrdersSettings.LimitAlgorithm;
import dev.rvl.domain.problem.ProblemException;
import dev.rvl.domain.problem.ProblemKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

class AdmissionTests {

	private static final Duration BUDGET = Duration.ofMillis(200);

	private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource(textBlock = """
			201, SUCCEEDED
			200, IGNORED
			400, IGNORED
			404, IGNORED
			409, IGNORED
			413, IGNORED
			415, IGNORED
			422, IGNORED
			500, IGNORED
			502, IGNORED
			503, DROPPED
			504, IGNORED
			""")
	void onlyNewOrdersTrainTheLimitAndOnly503sShrinkIt(int status, Outcome outcome) {
		assertThat(Outcome.of(status)).isEqualTo(outcome);
	}

	@ParameterizedTest
	@EnumSource(LimitAlgorithm.class)
	void theMemoryGuardRefusesEveryKindOfRequestBeyondMaxInFlight(LimitAlgorithm algorithm) {
		Admission admission = admission(algorithm, 3, 50, 50, 100);

		assertThat(admission.admit()).isInstanceOf(Ticket.class);
		assertThat(admission.admitOrder()).isInstanceOf(Ticket.class);
		assertThat(admission.admit()).isInstanceOf(Ticket.class);

		assertThat(admission.admit()).isInstanceOfSatisfying(Refused.class, (refused) -> {
			assertThat(refused.detail()).contains("More than 3 requests");
			assertThat(refused.problem().kind()).isEqualTo(ProblemKind.OVERLOADED);
			assertThat(refused.problem().status()).isEqualTo(503);
			assertThat(refused.problem().detail()).isEqualTo(refused.detail());
			assertThat(refused.problem().retryAfterSeconds()).contains(1);
		});
		assertThat(admission.admitOrder()).isInstanceOf(Refused.class);
		assertThat(admission.inFlight()).isEqualTo(3);
		assertThat(refusals(admission)).isEqualTo(Map.of(RefusalReason.MEMORY_GUARD, 2L, RefusalReason.ORDER_LIMIT, 0L,
				RefusalReason.SCHEDULING_LAG, 0L));
	}

	@ParameterizedTest
	@EnumSource(value = LimitAlgorithm.class, names = { "VEGAS", "GRADIENT2" })
	void refusesOrdersBeyondTheAdaptiveLimitButNotReads(LimitAlgorithm algorithm) {
		Admission admission = admission(algorithm, 10_000, 20, 20, 100);

		List<Ticket> orders = admitOrders(admission);

		assertThat(orders).hasSize(20);
		assertThat(admission.admitOrder()).isInstanceOfSatisfying(Refused.class,
				(refused) -> assertThat(refused.detail()).contains("limit of orders in flight (20"));
		assertThat(admission.admit()).as("a read").isInstanceOf(Ticket.class);
		orders.get(0).completed(201);
		assertThat(admission.admitOrder()).isInstanceOf(Ticket.class);
		assertThat(refusals(admission)).as("the refusal that ended admitOrders, and the one above")
			.isEqualTo(Map.of(RefusalReason.MEMORY_GUARD, 0L, RefusalReason.ORDER_LIMIT, 2L,
					RefusalReason.SCHEDULING_LAG, 0L));
	}

	@Test
	void aFixedLimitIsMaxInFlight() {
		Admission admission = admission(LimitAlgorithm.FIXED, 40, 20, 20, 100);

		assertThat(admission.limit()).isEqualTo(40);
		assertThat(admitOrders(admission)).hasSize(40);
	}

	@Test
	void completingATicketTwiceReleasesItOnce() {
		Admission admission = admission(LimitAlgorithm.VEGAS, 10, 20, 20, 100);
		Ticket order = (Ticket) admission.admitOrder();
		Ticket read = (Ticket) admission.admit();

		order.completed(201);
		order.abandoned();
		read.abandoned();
		read.completed(200);

		assertThat(admission.inFlight()).isZero();
		assertThat(admission.ordersInFlight()).isZero();
		assertThat(admitOrders(admission)).hasSize(10);
	}

	/**
	 * Orders fill the limit and complete after the same round trip: no queueing, so the
	 * limit grows until max-limit (Vegas's smoothing approaches it from below: within 1
	 * %).
	 */
	@ParameterizedTest
	@EnumSource(value = LimitAlgorithm.class, names = { "VEGAS", "GRADIENT2" })
	void growsWhileOrdersDoNotQueue(LimitAlgorithm algorithm) {
		Admission admission = admission(algorithm, 10_000, 100, 50, 400);

		rounds(admission, 30, 100, 201);

		assertThat(admission.limit()).isBetween(396, 400);
	}

	/**
	 * The model app serves 400 orders/s behind a 100 ms partner (120/s: a machine busy
	 * with other work); 30 s at a multiple of that, after a calm start, with the shipped
	 * bounds. Vegas holds the goodput at capacity with the latency near the partner's;
	 * Gradient2 does not: it ignores refusals and measures queueing against an average
	 * latency that rises with the queue, so its limit creeps up to max-limit, every order
	 * waits longer than the queue budget and none is placed. Without an adaptive limit
	 * ({@code fixed}) the queue outgrows the budget at once.
	 */
	@ParameterizedTest(name = "{0} at {2} x a capacity of {1}/s")
	@CsvSource(textBlock = """
			VEGAS,     400, 1.5, true
			VEGAS,     400, 2,   true
			VEGAS,     400, 4,   true
			VEGAS,     120, 8,   true
			GRADIENT2, 400, 4,   false
			FIXED,     400, 4,   false
			""")
	void keepsGoodputAtCapacityUnderOverloadOnlyWithVegas(LimitAlgorithm algorithm, double capacity, double overload,
			boolean holds) {
		Admission admission = admission(algorithm, 10_000, 100, 20, 2000);
		SimulatedServer server = new SimulatedServer(admission, this.nanos);
		Duration partner = Duration.ofMillis(100);
		server.run(capacity / 2, capacity, partner, Duration.ofSeconds(5));

		server.run(capacity * overload, capacity, partner, Duration.ofSeconds(10));
		SimulatedServer.Result result = server.run(capacity * overload, capacity, partner, Duration.ofSeconds(20));

		if (holds) {
			assertThat(result.goodput()).as("201 per s").isGreaterThanOrEqualTo(0.9 * capacity);
			assertThat(result.p99Millis()).as("p99 ms of the 201s").isLessThan(400);
			assertThat(admission.limit()).isBetween(20, 200);
		}
		else {
			assertThat(result.goodput()).as("201 per s").isLessThan(0.5 * capacity);
		}
	}

	/**
	 * Why min-limit is 20, not more: at the floor, orders queue for min-limit / capacity
	 * seconds; when that exceeds the queue budget, every admitted order is refused after
	 * its wait and nothing is placed. 50 orders on a machine that places 120/s wait 420
	 * ms (budget 200 ms); 20 wait 170 ms.
	 */
	@ParameterizedTest(name = "min-limit {0}")
	@CsvSource(textBlock = """
			20, true
			50, false
			""")
	void keepsTheFloorBelowWhatTheQueueBudgetAllows(int minLimit, boolean holds) {
		Admission admission = admission(LimitAlgorithm.VEGAS, 10_000, 100, minLimit, 2000);
		SimulatedServer server = new SimulatedServer(admission, this.nanos);
		Duration partner = Duration.ofMillis(100);
		server.run(60, 120, partner, Duration.ofSeconds(5));

		server.run(1000, 120, partner, Duration.ofSeconds(10));
		SimulatedServer.Result result = server.run(1000, 120, partner, Duration.ofSeconds(20));

		assertThat(result.goodput() >= 0.9 * 120).as("goodput %.1f/s", result.goodput()).isEqualTo(holds);
	}

	/**
	 * The partner slows down from 100 ms to 1 s at half the capacity: ten times the
	 * orders must be in flight (Little's law). The limit first takes the slower answers
	 * for queueing, then re-measures the no-load latency and makes room.
	 */
	@Test
	void makesRoomForASlowerPartner() {
		Admission admission = admission(LimitAlgorithm.VEGAS, 10_000, 100, 20, 2000);
		SimulatedServer server = new SimulatedServer(admission, this.nanos);
		server.run(200, 400, Duration.ofMillis(100), Duration.ofSeconds(5));

		server.run(200, 400, Duration.ofSeconds(1), Duration.ofSeconds(30));
		SimulatedServer.Result result = server.run(200, 400, Duration.ofSeconds(1), Duration.ofSeconds(10));

		assertThat(result.refused).isZero();
		assertThat(result.goodput()).isGreaterThanOrEqualTo(199);
		assertThat(admission.limit()).isGreaterThanOrEqualTo(200);
	}

	@Test
	void refusalsDownstreamShrinkTheLimit() {
		Admission admission = admission(LimitAlgorithm.VEGAS, 10_000, 200, 50, 400);
		rounds(admission, 1, 100, 201);
		int before = admission.limit();

		rounds(admission, 5, 100, 503);

		assertThat(admission.limit()).isLessThan(before).isGreaterThanOrEqualTo(50);
	}

	/**
	 * A run of refusals downstream (a database outage, a cold app missing its queue
	 * budget) takes the limit to its floor and no further: the orders that succeed
	 * afterwards grow it at once. Vegas's own estimate used to sink to a single order
	 * while the reported limit stayed at the floor, and had to climb back one completed
	 * order at a time before the limit moved.
	 */
	@Test
	void climbsFromTheFloorAtOnceAfterRefusalsTookItThere() {
		Admission admission = admission(LimitAlgorithm.VEGAS, 10_000, 100, 20, 2000);
		rounds(admission, 1, 100, 201);
		rounds(admission, 30, 100, 503);
		assertThat(admission.limit()).isEqualTo(20);

		rounds(admission, 2, 100, 201);

		assertThat(admission.limit()).as("after 40 orders without queueing").isGreaterThan(20);
	}

	/**
	 * Behind a 3 s partner, an order refused after a short wait (the queue budget of a
	 * cold app) is no round trip: taken for the no-load latency, it made every later 3 s
	 * order look like queueing, and the limit sank to its floor for the next 45-90 s.
	 */
	@Test
	void aRefusalAfterAShortWaitIsNoLatencySample() {
		Admission admission = admission(LimitAlgorithm.VEGAS, 10_000, 100, 20, 2000);
		rounds(admission, 2, 3000, 201);
		int before = admission.limit();
		Ticket refused = (Ticket) admission.admitOrder();
		this.nanos.addAndGet(Duration.ofMillis(250).toNanos());
		refused.completed(503);

		rounds(admission, 5, 3000, 201);

		assertThat(admission.limit()).as("five round trips without queueing").isGreaterThan(before);
	}

	/**
	 * A replay (200) is answered after one query; a client error sooner. Trained on them,
	 * a latency-based limit would take every real order for a queued one.
	 */
	@ParameterizedTest
	@EnumSource(value = LimitAlgorithm.class, names = { "VEGAS", "GRADIENT2" })
	void fastAnswersThatAreNotNewOrdersDoNotTrainTheLimit(LimitAlgorithm algorithm) {
		Admission admission = admission(algorithm, 10_000, 100, 50, 400);
		rounds(admission, 3, 100, 201);
		int before = admission.limit();

		rounds(admission, 20, 2, 200);
		rounds(admission, 20, 1, 400);
		rounds(admission, 20, 2000, 504);
		assertThat(admission.limit()).isEqualTo(before);

		rounds(admission, 3, 100, 201);
		assertThat(admission.limit()).as("a normal order is no sign of queueing").isGreaterThanOrEqualTo(before);
	}

	@ParameterizedTest(name = "waited {0} ms")
	@CsvSource(textBlock = """
			0,   false
			199, false
			200, false
			201, true
			5000, true
			""")
	void refusesOrdersThatWaitedLongerThanTheQueueBudget(long waitedMillis, boolean refused) {
		Admission admission = admission(LimitAlgorithm.VEGAS, 100, 20, 20, 100);
		QueueBudget budget = ((Ticket) admission.admitOrder()).queueBudget();

		this.nanos.addAndGet(Duration.ofMillis(waitedMillis).toNanos());

		if (refused) {
			assertThatExceptionOfType(ProblemException.class).isThrownBy(() -> budget.check("asking the partners"))
				.satisfies((ex) -> assertThat(ex.kind()).isEqualTo(ProblemKind.OVERLOADED))
				.withMessageContaining("asking the partners");
		}
		else {
			assertThatNoException().isThrownBy(() -> budget.check("asking the partners"));
		}
	}

	@Test
	void readsAndBulkLinesHaveNoQueueBudget() {
		Admission admission = admission(LimitAlgorithm.VEGAS, 100, 20, 20, 100);
		QueueBudget read = ((Ticket) admission.admit()).queueBudget();

		this.nanos.addAndGet(Duration.ofMinutes(5).toNanos());

		assertThatNoException().isThrownBy(() -> read.check("reading"));
		assertThatNoException().isThrownBy(() -> QueueBudget.NONE.check("a bulk line"));
	}

	@ParameterizedTest
	@EnumSource(LimitAlgorithm.class)
	void refusesOrdersButNotReadsWhileTheSchedulerRunsLate(LimitAlgorithm algorithm) {
		SchedulingLag lag = new SchedulingLag(Duration.ofMillis(100), this.nanos::get);
		SchedulingLag.Probe loop = lag.probe();
		Admission admission = admission(algorithm, 10_000, 20, 20, 100, lag);

		this.nanos.addAndGet(Duration.ofMillis(150).toNanos());

		assertThat(admission.admitOrder()).isInstanceOfSatisfying(Refused.class,
				(refused) -> assertThat(refused.detail()).contains("140 ms behind its schedule")
					.contains("orders.admission.max-lag (100 ms)"));
		assertThat(admission.admit()).as("a read").isInstanceOf(Ticket.class);
		assertThat(admission.inFlight()).as("the refused order holds no place").isEqualTo(1);
		loop.ran();
		assertThat(admission.admitOrder()).as("the loop ran: late once, as long as it stays the last run")
			.isInstanceOf(Refused.class);
		this.nanos.addAndGet(SchedulingLag.PERIOD.toNanos());
		loop.ran();
		assertThat(admission.admitOrder()).as("on time again").isInstanceOf(Ticket.class);
		assertThat(refusals(admission)).isEqualTo(Map.of(RefusalReason.MEMORY_GUARD, 0L, RefusalReason.ORDER_LIMIT, 0L,
				RefusalReason.SCHEDULING_LAG, 2L));
	}

	private static Map<RefusalReason, Long> refusals(Admission admission) {
		Map<RefusalReason, Long> counts = new EnumMap<>(RefusalReason.class);
		for (RefusalReason reason : RefusalReason.values()) {
			counts.put(reason, admission.refusals(reason));
		}
		return counts;
	}

	@ParameterizedTest(name = "initial {0}, min {1}, max {2}")
	@CsvSource(textBlock = """
			10, 20, 100
			200, 20, 100
			20, 0, 100
			""")
	void rejectsInconsistentLimits(int initial, int min, int max) {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new AdmissionSettings(LimitAlgorithm.VEGAS, initial, min, max, Duration.ZERO));
	}

	private Admission admission(LimitAlgorithm algorithm, int maxInFlight, int initial, int min, int max) {
		return admission(algorithm, maxInFlight, initial, min, max, new SchedulingLag(Duration.ZERO, this.nanos::get));
	}

	private Admission admission(LimitAlgorithm algorithm, int maxInFlight, int initial, int min, int max,
			SchedulingLag lag) {
		OrdersSettings settings = new OrdersSettings(maxInFlight, BUDGET,
				new AdmissionSettings(algorithm, initial, min, max, lag.max()),
				new OrdersSettings.Bulk(16, 64, 100_000));
		return new Admission(settings, lag, this.nanos::get);
	}

	private static List<Ticket> admitOrders(Admission admission) {
		List<Ticket> tickets = new ArrayList<>();
		for (Decision decision = admission.admitOrder(); decision instanceof Ticket ticket; decision = admission
			.admitOrder()) {
			tickets.add(ticket);
		}
		return tickets;
	}

	/** Fills the limit with orders, lets the round trip pass, answers them all. */
	private void rounds(Admission admission, int rounds, long roundTripMillis, int status) {
		for (int i = 0; i < rounds; i++) {
			List<Ticket> tickets = admitOrders(admission);
			this.nanos.addAndGet(Duration.ofMillis(roundTripMillis).toNanos());
			tickets.forEach((ticket) -> ticket.completed(status));
		}
	}

}
