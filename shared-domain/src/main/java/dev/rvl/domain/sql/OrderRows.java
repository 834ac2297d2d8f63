package dev.rvl.domain.sql;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import dev.rvl.domain.order.Customer;
import dev.rvl.domain.order.OrderIds;
import dev.rvl.domain.order.OrderView;
import dev.rvl.domain.order.Product;
import dev.rvl.domain.order.StoredOrder;
import dev.rvl.domain.order.Tier;

/**
 * Maps the rows of {@link OrderSql}'s queries to records, for both drivers.
 */
public final class OrderRows {

	private OrderRows() {
	}

	public static <E extends Exception> Customer customer(Columns<E> row) throws E {
		return new Customer(row.get("id", Long.class), row.get("name", String.class), row.get("email", String.class),
				Tier.valueOf(row.get("tier", String.class)), row.get("country", String.class));
	}

	public static <E extends Exception> Product product(Columns<E> row) throws E {
		return new Product(row.get("sku", String.class), row.get("name", String.class),
				row.get("price_cents", Long.class), row.get("stock", Integer.class),
				row.get("weight_grams", Integer.class));
	}

	public static <E extends Exception> OrderRow order(Columns<E> row) throws E {
		return new OrderRow(row.get("id", UUID.class), row.get("customer_id", Long.class),
				row.get("status", String.class), row.get("subtotal_cents", Long.class),
				row.get("discount_cents", Long.class), row.get("shipping_cents", Long.class),
				row.get("tax_cents", Long.class), row.get("total_cents", Long.class), row.get("carrier", String.class),
				row.get("fraud_score", Integer.class), row.get("created_at", OffsetDateTime.class),
				row.get("request_hash", String.class));
	}

	public static <E extends Exception> LineRow line(Columns<E> row) throws E {
		return new LineRow(row.get("order_id", UUID.class), row.get("line_no", Integer.class),
				row.get("sku", String.class), row.get("quantity", Integer.class),
				row.get("unit_price_cents", Long.class), row.get("line_total_cents", Long.class));
	}

	/**
	 * A row of {@link OrderSql#FIND_ORDER} and the other order queries: the order and one
	 * of its lines, or no line ({@code null}) for an order that has none.
	 */
	public static <E extends Exception> OrderLineRow orderLine(Columns<E> row) throws E {
		return new OrderLineRow(order(row), (row.get("line_no", Integer.class) != null) ? line(row) : null);
	}

	/**
	 * Puts each order together with its lines again, keeping the rows' order of orders
	 * and of lines.
	 */
	public static List<StoredOrder> assemble(List<OrderLineRow> rows) {
		Map<UUID, OrderRow> orders = new LinkedHashMap<>();
		Map<UUID, List<OrderView.OrderLineView>> linesByOrder = new LinkedHashMap<>();
		for (OrderLineRow row : rows) {
			orders.putIfAbsent(row.order().id(), row.order());
			List<OrderView.OrderLineView> lines = linesByOrder.computeIfAbsent(row.order().id(),
					(id) -> new ArrayList<>());
			if (row.line() != null) {
				lines.add(row.line().view());
			}
		}
		return orders.values().stream().map((order) -> order.stored(linesByOrder.get(order.id()))).toList();
	}

	/** The one order of {@link OrderSql#FIND_ORDER}'s rows, if there is one. */
	public static Optional<StoredOrder> assembleOne(List<OrderLineRow> rows) {
		return assemble(rows).stream().findFirst();
	}

	/**
	 * A row of the order queries.
	 *
	 * @param order the order's columns
	 * @param line one of its lines, or {@code null} for an order without lines
	 */
	public record OrderLineRow(OrderRow order, LineRow line) {
	}

	/**
	 * A {@code purchase_order} row.
	 *
	 * @param id order id
	 * @param customerId customer
	 * @param status status
	 * @param subtotalCents subtotal
	 * @param discountCents discount
	 * @param shippingCents shipping
	 * @param taxCents tax
	 * @param totalCents total
	 * @param carrier carrier
	 * @param fraudScore fraud score
	 * @param createdAt creation time
	 * @param requestHash canonical request hash
	 */
	public record OrderRow(UUID id, long customerId, String status, long subtotalCents, long discountCents,
			long shippingCents, long taxCents, long totalCents, String carrier, int fraudScore,
			OffsetDateTime createdAt, String requestHash) {

		StoredOrder stored(List<OrderView.OrderLineView> lines) {
			OrderView view = new OrderView(this.id.toString(), this.customerId, this.status, lines, this.subtotalCents,
					this.discountCents, this.shippingCents, this.taxCents, this.totalCents, this.carrier,
					this.fraudScore, OrderIds.format(this.createdAt));
			return new StoredOrder(view, this.requestHash);
		}

	}

	/**
	 * An {@code order_line} row.
	 *
	 * @param orderId the order
	 * @param lineNo 1-based position
	 * @param sku SKU
	 * @param quantity units
	 * @param unitPriceCents unit price
	 * @param lineTotalCents line total
	 */
	public record LineRow(UUID orderId, int lineNo, String sku, int quantity, long unitPriceCents,
			long lineTotalCents) {

		OrderView.OrderLineView view() {
			return new OrderView.OrderLineView(this.sku, this.quantity, this.unitPriceCents, this.lineTotalCents);
		}

	}

}
