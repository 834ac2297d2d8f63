package dev.rvl.domain.sql;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import dev.rvl.domain.order.NewOrder;
import dev.rvl.domain.order.OrderDraft.DraftLine;
import dev.rvl.domain.order.OrderView;

/**
 * Every SQL statement of the order flow, executed verbatim by both apps (named parameters
 * work with Spring's {@code JdbcClient} and R2DBC {@code DatabaseClient} alike; a
 * collection bound to {@code IN (:skus)} is expanded by both).
 */
public final class OrderSql {

	public static final String FIND_CUSTOMER = "SELECT id, name, email, tier, country FROM customer WHERE id = :id";

	public static final String FIND_PRODUCTS = """
			SELECT sku, name, price_cents, stock, weight_grams
			FROM product
			WHERE sku IN (:skus)""";

	/** Conditional decrement: one row updated, or none when the stock is short. */
	public static final String RESERVE_STOCK = """
			UPDATE product SET stock = stock - :quantity
			WHERE sku = :sku AND stock >= :quantity""";

	public static final String INSERT_ORDER = """
			INSERT INTO purchase_order (id, customer_id, idempotency_key, request_hash, status,
			    subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, carrier, fraud_score, created_at)
			VALUES (:id, :customerId, :idempotencyKey, :requestHash, :status,
			    :subtotalCents, :discountCents, :shippingCents, :taxCents, :totalCents, :carrier, :fraudScore, :createdAt)""";

	public static final String INSERT_LINE = """
			INSERT INTO order_line (order_id, line_no, sku, quantity, unit_price_cents, line_total_cents)
			VALUES (:orderId, :lineNo, :sku, :quantity, :unitPriceCents, :lineTotalCents)""";

	private static final String ORDER_COLUMNS = """
			SELECT id, customer_id, status, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents,
			    carrier, fraud_score, created_at, request_hash
			FROM purchase_order""";

	public static final String FIND_ORDER = ORDER_COLUMNS + " WHERE id = :id";

	public static final String FIND_ORDER_BY_IDEMPOTENCY_KEY = ORDER_COLUMNS
			+ " WHERE idempotency_key = :idempotencyKey";

	/** Newest first; {@code id} breaks ties between orders of the same millisecond. */
	public static final String LIST_ORDERS = ORDER_COLUMNS + """

			WHERE customer_id = :customerId
			ORDER BY created_at DESC, id
			LIMIT :limit""";

	public static final String FIND_LINES = """
			SELECT order_id, line_no, sku, quantity, unit_price_cents, line_total_cents
			FROM order_line
			WHERE order_id IN (:orderIds)
			ORDER BY order_id, line_no""";

	private OrderSql() {
	}

	/**
	 * Parameters of {@link #INSERT_ORDER}; {@code idempotencyKey} may be {@code null}.
	 */
	public static Map<String, Object> orderParameters(NewOrder order) {
		Map<String, Object> parameters = new LinkedHashMap<>();
		parameters.put("id", order.id());
		parameters.put("customerId", order.customerId());
		parameters.put("idempotencyKey", order.idempotencyKey());
		parameters.put("requestHash", order.requestHash());
		parameters.put("status", OrderView.CONFIRMED);
		parameters.put("subtotalCents", order.priced().subtotalCents());
		parameters.put("discountCents", order.priced().discountCents());
		parameters.put("shippingCents", order.priced().shippingCents());
		parameters.put("taxCents", order.priced().taxCents());
		parameters.put("totalCents", order.priced().totalCents());
		parameters.put("carrier", order.priced().carrier());
		parameters.put("fraudScore", order.priced().fraudScore());
		parameters.put("createdAt", order.createdAt());
		return parameters;
	}

	/** Parameters of {@link #INSERT_LINE}. */
	public static Map<String, Object> lineParameters(UUID orderId, DraftLine line) {
		return Map.of("orderId", orderId, "lineNo", line.lineNo(), "sku", line.sku(), "quantity", line.quantity(),
				"unitPriceCents", line.unitPriceCents(), "lineTotalCents", line.lineTotalCents());
	}

	/** Parameters of {@link #RESERVE_STOCK}. */
	public static Map<String, Object> reserveParameters(DraftLine line) {
		return Map.of("sku", line.sku(), "quantity", line.quantity());
	}

}
