package dev.rvl.web;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;

import dev.rvl.domain.admission.Admission;
import dev.rvl.domain.order.PlacedOrder;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The order metrics, with the same names in both apps: {@code orders.in.flight} (gauge of
 * the requests past admission), {@code orders.admission.limit} (gauge of the limit on
 * orders in flight), {@code orders.admission.lag} (gauge of the scheduler's lag,
 * seconds), {@code orders.bulk.queue.depth} (parsed bulk orders waiting for a slot),
 * {@code orders.admission.refused} (counter tagged {@code reason}: requests refused 503
 * at the door by the scheduling-lag guard, the adaptive limit or the memory guard) and
 * {@code orders.placed} (counter tagged {@code outcome}: {@code created},
 * {@code replayed} or the problem kind; {@code overloaded} there is an order refused
 * after its admission, by its queue budget or the DB pool wait).
 */
public class OrderMetrics {

	private final MeterRegistry registry;

	private final Set<IntSupplier> bulkQueues = ConcurrentHashMap.newKeySet();

	public OrderMetrics(MeterRegistry registry, Admission admission) {
		this.registry = registry;
		Gauge.builder("orders.in.flight", admission, Admission::inFlight)
			.description("Requests admitted and not yet answered")
			.register(registry);
		Gauge.builder("orders.admission.limit", admission, Admission::limit)
			.description("Orders (POST /api/orders) admitted at most now: the adaptive limit, "
					+ "or orders.max-in-flight when it is fixed")
			.register(registry);
		Gauge.builder("orders.admission.lag", admission, Admission::lagSeconds)
			.description("How far behind its schedule the app's scheduler (event loops, "
					+ "virtual-thread scheduler) runs now; orders are refused above orders.admission.max-lag")
			.baseUnit("seconds")
			.register(registry);
		for (Admission.RefusalReason reason : Admission.RefusalReason.values()) {
			FunctionCounter.builder("orders.admission.refused", admission, (counted) -> counted.refusals(reason))
				.description("Requests refused 503 at admission, before any work, by reason")
				.tag("reason", reason.slug())
				.register(registry);
		}
		Gauge.builder("orders.bulk.queue.depth", this.bulkQueues, OrderMetrics::sum)
			.description("Parsed bulk orders waiting for a free slot")
			.register(registry);
	}

	public void placed(PlacedOrder order) {
		count(order.created() ? "created" : "replayed");
	}

	public void failed(Throwable failure) {
		count(ProblemResponses.problemOf(failure).kind().slug());
	}

	/**
	 * Counts a bulk request's buffer in {@code orders.bulk.queue.depth} until the
	 * returned handle is closed.
	 * @param depth how many parsed orders wait in the buffer now
	 * @return closes the registration
	 */
	public BulkQueue trackBulkQueue(IntSupplier depth) {
		this.bulkQueues.add(depth);
		return () -> this.bulkQueues.remove(depth);
	}

	private static double sum(Set<IntSupplier> queues) {
		return queues.stream().mapToInt(IntSupplier::getAsInt).sum();
	}

	/** A bulk buffer counted in the queue-depth gauge; close it when the request ends. */
	@FunctionalInterface
	public interface BulkQueue extends AutoCloseable {

		@Override
		void close();

	}

	private void count(String outcome) {
		Counter.builder("orders.placed").tag("outcome", outcome).register(this.registry).increment();
	}

}
