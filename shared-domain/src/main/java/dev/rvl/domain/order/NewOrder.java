package dev.rvl.domain.order;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import dev.rvl.domain.order.OrderDraft.DraftLine;
import dev.rvl.domain.pricing.PricingResult.Priced;

/**
 * A priced order about to be written: the rows of {@code purchase_order} and
 * {@code order_line}.
 *
 * @param id the new order id
 * @param priced the priced order
 * @param requestHash the canonical request hash stored next to the idempotency key
 * @param createdAt creation time, UTC, millisecond precision
 */
public record NewOrder(UUID id, Priced priced, String requestHash, OffsetDateTime createdAt) {

	/** Gives a priced order its id and creation time. */
	public static NewOrder of(Priced priced, Clock clock) {
		return new NewOrder(OrderIds.newId(clock), priced, priced.draft().order().requestHash(), OrderIds.now(clock));
	}

	public long customerId() {
		return this.priced.draft().customer().id();
	}

	/** The idempotency key, or {@code null} (the column is nullable). */
	public String idempotencyKey() {
		return this.priced.draft().order().idempotencyKey().orElse(null);
	}

	public List<DraftLine> lines() {
		return this.priced.draft().lines();
	}

	/**
	 * The lines in ascending SKU order: the order in which stock is reserved, so that
	 * concurrent orders sharing SKUs lock rows in the same order and cannot deadlock.
	 */
	public List<DraftLine> linesInLockOrder() {
		return lines().stream().sorted(Comparator.comparing(DraftLine::sku)).toList();
	}

	/** The view returned once the order is written. */
	public OrderView view() {
		List<OrderView.OrderLineView> lines = lines().stream()
			.map((line) -> new OrderView.OrderLineView(line.sku(), line.quantity(), line.unitPriceCents(),
					line.lineTotalCents()))
			.toList();
		return new OrderView(this.id.toString(), customerId(), OrderView.CONFIRMED, lines, this.priced.subtotalCents(),
				this.priced.discountCents(), this.priced.shippingCents(), this.priced.taxCents(),
				this.priced.totalCents(), this.priced.carrier(), this.priced.fraudScore(),
				OrderIds.format(this.createdAt));
	}

}
