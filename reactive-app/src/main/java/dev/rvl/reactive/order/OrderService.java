package dev.rvl.reactive.order;

import java.time.Clock;
import java.util.List;

import dev.rvl.domain.admission.QueueBudget;
import dev.rvl.domain.order.Limits;
import dev.rvl.domain.order.NewOrder;
import dev.rvl.domain.order.OrderDraft;
import dev.rvl.domain.order.OrderIds;
import dev.rvl.domain.order.OrderValidator;
import dev.rvl.domain.order.OrderView;
import dev.rvl.domain.order.PlaceOrderRequest;
import dev.rvl.domain.order.PlacedOrder;
import dev.rvl.domain.order.StoredOrder;
import dev.rvl.domain.order.ValidatedOrder;
import dev.rvl.domain.pricing.Pricing;
import dev.rvl.domain.pricing.PricingResult;
import dev.rvl.domain.problem.Problems;
import dev.rvl.reactive.partner.PartnerClient;
import dev.rvl.web.OrderMetrics;
import dev.rvl.web.ProblemResponses;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Signal;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * The order flow: validate, read, ask the partners, price, write. One named step per
 * line; the database connection is held only inside each read and inside the write
 * transaction, never while the partners are asked. An order that waited in queues longer
 * than its {@link QueueBudget} is refused before its database work and before its partner
 * calls.
 */
@Service
public class OrderService {

	private final OrderRepository repository;

	private final PartnerClient partners;

	private final TransactionalOperator transaction;

	private final OrderMetrics metrics;

	private final Clock clock;

	OrderService(OrderRepository repository, PartnerClient partners, TransactionalOperator transaction,
			OrderMetrics metrics, Clock clock) {
		this.repository = repository;
		this.partners = partners;
		this.transaction = transaction;
		this.metrics = metrics;
		this.clock = clock;
	}

	public Mono<PlacedOrder> place(PlaceOrderRequest request, String idempotencyKey, QueueBudget budget) {
		return Mono.fromCallable(() -> OrderValidator.validate(request, idempotencyKey))
			.doOnNext((order) -> budget.check("its first query"))
			.flatMap((order) -> replayOrPlace(order, budget))
			.doOnNext(this.metrics::placed)
			.doOnError(this.metrics::failed);
	}

	Mono<OrderView> find(String id) {
		return Mono.fromCallable(() -> OrderIds.parse(id))
			.flatMap(this.repository::findOrder)
			.map(StoredOrder::view)
			.switchIfEmpty(Mono.error(() -> Problems.orderNotFound(id)));
	}

	Mono<List<OrderView>> list(String customerId, String query) {
		return Mono.fromCallable(() -> Limits.customerId(customerId))
			.flatMap((id) -> this.repository.findCustomer(id)
				.switchIfEmpty(Mono.error(() -> Problems.customerNotFound(id))))
			.flatMap((customer) -> this.repository.listOrders(customer.id(), Limits.listLimitOfQuery(query)))
			.map((orders) -> orders.stream().map(StoredOrder::view).toList());
	}

	private Mono<PlacedOrder> replayOrPlace(ValidatedOrder order, QueueBudget budget) {
		return order.idempotencyKey()
			.map((key) -> this.repository.findByIdempotencyKey(key)
				.map((stored) -> stored.replayFor(order))
				.switchIfEmpty(Mono.defer(() -> placeNew(order, budget))))
			.orElseGet(() -> placeNew(order, budget));
	}

	private Mono<PlacedOrder> placeNew(ValidatedOrder order, QueueBudget budget) {
		return draft(order).doOnNext((draft) -> budget.check("asking the partners"))
			.flatMap(this::price)
			.flatMap(this::write)
			.map(PlacedOrder::created)
			.onErrorResume(DuplicateKeyException.class, (ex) -> replayWinner(order));
	}

	private Mono<OrderDraft> draft(ValidatedOrder order) {
		return this.repository.findCustomer(order.customerId())
			.switchIfEmpty(Mono.error(() -> Problems.customerNotFound(order.customerId())))
			.flatMap((customer) -> this.repository.findProducts(order.skus())
				.map((products) -> OrderDraft.of(order, customer, products)));
	}

	private Mono<NewOrder> price(OrderDraft draft) {
		return this.partners.quotes(draft).map((quotes) -> switch (Pricing.price(draft, quotes)) {
			case PricingResult.Priced priced -> NewOrder.of(priced, this.clock);
			case PricingResult.FraudRejected rejected -> throw Problems.fraudRejected(rejected.score());
		});
	}

	/**
	 * The write transaction runs to its end once started, even when the client goes away,
	 * as the Loom app's does: cancelled while Spring's transaction manager is beginning
	 * it, a transaction leaves its pooled connection idle in transaction for good
	 * (spring-projects/spring-framework#32115; the bulk contract caught one). Its outcome
	 * travels as a value: one nobody waits for any more is discarded and, if a failure,
	 * logged as an answered one would be, where an error would be dropped and logged by
	 * Reactor at ERROR, a sold-out product included.
	 */
	private Mono<OrderView> write(NewOrder order) {
		Mono<Signal<Void>> transaction = this.repository.reserveStock(order)
			.flatMap((shortSkus) -> shortSkus.isEmpty() ? this.repository.insert(order)
					: Mono.error(Problems.insufficientStock(shortSkus)))
			.as(this.transaction::transactional)
			.materialize();
		return Mono.fromFuture(transaction::toFuture, true)
			.doOnDiscard(Signal.class, OrderService::logUnanswered)
			.<Void>dematerialize()
			.thenReturn(order.view());
	}

	private static void logUnanswered(Signal<?> outcome) {
		if (outcome.isOnError()) {
			ProblemResponses.logUnanswered(outcome.getThrowable());
		}
	}

	/** A racing duplicate committed first: answer with its order, as a replay. */
	private Mono<PlacedOrder> replayWinner(ValidatedOrder order) {
		return this.repository.findByIdempotencyKey(order.idempotencyKey().orElseThrow())
			.map((stored) -> stored.replayFor(order))
			.switchIfEmpty(Mono.error(Problems::idempotencyKeyInProgress));
	}

}
