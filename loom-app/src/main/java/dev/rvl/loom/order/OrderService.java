package dev.rvl.loom.order;

import java.time.Clock;
import java.util.List;

import dev.rvl.domain.admission.QueueBudget;
import dev.rvl.domain.order.Customer;
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
import dev.rvl.loom.partner.PartnerClient;
import dev.rvl.web.OrderMetrics;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The order flow: validate, read, ask the partners, price, write. Straight-line code with
 * the same step names as the reactive app; the database connection is held only inside
 * each read and inside the write transaction, never while the partners are asked. An
 * order that waited in queues longer than its {@link QueueBudget} is refused before its
 * database work and before its partner calls.
 */
@Service
public class OrderService {

	private final OrderRepository repository;

	private final PartnerClient partners;

	private final TransactionTemplate transaction;

	private final OrderMetrics metrics;

	private final Clock clock;

	OrderService(OrderRepository repository, PartnerClient partners, TransactionTemplate transaction,
			OrderMetrics metrics, Clock clock) {
		this.repository = repository;
		this.partners = partners;
		this.transaction = transaction;
		this.metrics = metrics;
		this.clock = clock;
	}

	public PlacedOrder place(PlaceOrderRequest request, String idempotencyKey, QueueBudget budget) {
		try {
			ValidatedOrder order = OrderValidator.validate(request, idempotencyKey);
			budget.check("its first query");
			PlacedOrder placed = replayOrPlace(order, budget);
			this.metrics.placed(placed);
			return placed;
		}
		catch (RuntimeException ex) {
			this.metrics.failed(ex);
			throw ex;
		}
	}

	OrderView find(String id) {
		return this.repository.findOrder(OrderIds.parse(id))
			.map(StoredOrder::view)
			.orElseThrow(() -> Problems.orderNotFound(id));
	}

	List<OrderView> list(String customerId, String query) {
		long id = Limits.customerId(customerId);
		this.repository.findCustomer(id).orElseThrow(() -> Problems.customerNotFound(id));
		return this.repository.listOrders(id, Limits.listLimitOfQuery(query)).stream().map(StoredOrder::view).toList();
	}

	private PlacedOrder replayOrPlace(ValidatedOrder order, QueueBudget budget) {
		return order.idempotencyKey()
			.flatMap(this.repository::findByIdempotencyKey)
			.map((stored) -> stored.replayFor(order))
			.orElseGet(() -> placeNew(order, budget));
	}

	private PlacedOrder placeNew(ValidatedOrder order, QueueBudget budget) {
		try {
			OrderDraft draft = draft(order);
			budget.check("asking the partners");
			NewOrder priced = price(draft);
			return PlacedOrder.created(write(priced));
		}
		catch (DuplicateKeyException ex) {
			return replayWinner(order);
		}
	}

	private OrderDraft draft(ValidatedOrder order) {
		Customer customer = this.repository.findCustomer(order.customerId())
			.orElseThrow(() -> Problems.customerNotFound(order.customerId()));
		return OrderDraft.of(order, customer, this.repository.findProducts(order.skus()));
	}

	private NewOrder price(OrderDraft draft) {
		return switch (Pricing.price(draft, this.partners.quotes(draft))) {
			case PricingResult.Priced priced -> NewOrder.of(priced, this.clock);
			case PricingResult.FraudRejected rejected -> throw Problems.fraudRejected(rejected.score());
		};
	}

	private OrderView write(NewOrder order) {
		return this.transaction.execute((status) -> {
			List<String> shortSkus = this.repository.reserveStock(order);
			if (!shortSkus.isEmpty()) {
				throw Problems.insufficientStock(shortSkus);
			}
			this.repository.insert(order);
			return order.view();
		});
	}

	/** A racing duplicate committed first: answer with its order, as a replay. */
	private PlacedOrder replayWinner(ValidatedOrder order) {
		return this.repository.findByIdempotencyKey(order.idempotencyKey().orElseThrow())
			.map((stored) -> stored.replayFor(order))
			.orElseThrow(Problems::idempotencyKeyInProgress);
	}

}
