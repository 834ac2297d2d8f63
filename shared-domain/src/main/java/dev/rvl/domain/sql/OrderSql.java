package dev.rvl.domain.sql;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rvl.domain.order.NewOrder;
import dev.rvl.domain.order.OrderDraft.DraftLine;
import dev.rvl.domain.order.OrderView;

/**
 * Every SQL statement of the order flow, executed verbatim by both apps (named parameters
 * work with Spring's {@code JdbcClient} and R2DBC {@code DatabaseClient} alike; a
 * collection bound to {@code IN (:skus)} is expanded by both, a Java array is bound as
 * one PostgreSQL array by pgjdbc and r2dbc-postgresql alike).
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

	/**
	 * The order and all its lines in one statement (one round trip; the lines as arrays,
	 * one element per line).
	 */
	public static final String INSERT_ORDER = """
			WITH placed AS (
			    INSERT INTO purchase_order (id, customer_id, idempotency_key, request_hash, status,
			        subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, carrier, fraud_score, created_at)
			    VALUES (:id, :customerId, :idempotencyKey, :requestHash, :status,
			        :subtotalCents, :discountCents, :shippingCents, :taxCents, :totalCents, :carrier, :fraudScore, :createdAt)
			    RETURNING id
			)
			INSERT INTO order_line (order_id, line_no, sku, quantity, unit_price_cents, line_total_cents)
			SELECT placed.id, line.line_no, line.sku, line.quantity, line.unit_price_cents, line.line_total_cents
			FROM placed, unnest(CAST(:lineNos AS integer[]), CAST(:skus AS text[]), CAST(:quantities AS integer[]),
			    CAST(:unitPriceCents AS bigint[]), CAST(:lineTotalCents AS bigint[]))
			    AS line (line_no, sku, quantity, unit_price_cents, line_total_cents)""";

	/**
	 * An order and its lines in one round trip: a row per line, the order's columns
	 * repeated ({@link OrderRows#assemble} puts them together again).
	 */
	private static final String ORDER_WITH_LINES = """
			SELECT o.id, o.customer_id, o.status, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.tax_cents,
			    o.total_cents, o.carrier, o.fraud_score, o.created_at, o.request_hash,
			    l.order_id, l.line_no, l.sku, l.quantity, l.unit_price_cents, l.line_total_cents
			""";

	public static final String FIND_ORDER = ORDER_WITH_LINES + """
			FROM purchase_order o LEFT JOIN order_line l ON l.order_id = o.id
			WHERE o.id = :id
			ORDER BY l.line_no""";

	public static final String FIND_ORDER_BY_IDEMPOTENCY_KEY = ORDER_WITH_LINES + """
			FROM purchase_order o LEFT JOIN order_line l ON l.order_id = o.id
			WHERE o.idempotency_key = :idempotencyKey
			ORDER BY l.line_no""";

	/**
	 * Newest first; {@code id} breaks ties between orders of the same millisecond. The
	 * limit counts orders, not lines.
	 */
	public static final String LIST_ORDERS = ORDER_WITH_LINES + """
			FROM (SELECT * FROM purchase_order
			      WHERE customer_id = :customerId
			      ORDER BY created_at DESC, id
			      LIMIT :limit) AS o
			    LEFT JOIN order_line l ON l.order_id = o.id
			ORDER BY o.created_at DESC, o.id, l.line_no""";

	private OrderSql() {
	}

	/**
	 * Parameters of {@link #INSERT_ORDER}: the order's columns ({@code idempotencyKey}
	 * may be {@code null}) and its lines, one array per column.
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
		List<DraftLine> lines = order.lines();
		parameters.put("lineNos", lines.stream().map(DraftLine::lineNo).toArray(Integer[]::new));
		parameters.put("skus", lines.stream().map(DraftLine::sku).toArray(String[]::new));
		parameters.put("quantities", lines.stream().map(DraftLine::quantity).toArray(Integer[]::new));
		parameters.put("unitPriceCents", lines.stream().map(DraftLine::unitPriceCents).toArray(Long[]::new));
		parameters.put("lineTotalCents", lines.stream().map(DraftLine::lineTotalCents).toArray(Long[]::new));
		return parameters;
	}

	/** Parameters of {@link #RESERVE_STOCK}. */
	public static Map<String, Object> reserveParameters(DraftLine line) {
		return Map.of("sku", line.sku(), "quantity", line.quantity());
	}

}
