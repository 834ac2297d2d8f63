package dev.rvl.loom.order;

import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import dev.rvl.domain.order.Customer;
import dev.rvl.domain.order.NewOrder;
import dev.rvl.domain.order.OrderDraft.DraftLine;
import dev.rvl.domain.order.Product;
import dev.rvl.domain.order.StoredOrder;
import dev.rvl.domain.sql.OrderRows;
import dev.rvl.domain.sql.OrderRows.OrderLineRow;
import dev.rvl.domain.sql.OrderSql;

import org.springframework.jdbc.core.SqlParameterValue;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Runs the shared SQL with JDBC. Each query holds a pooled connection only while it runs,
 * unless the caller wraps it in a transaction.
 */
@Repository
class OrderRepository {

	private final JdbcClient db;

	OrderRepository(JdbcClient db) {
		this.db = db;
	}

	Optional<Customer> findCustomer(long customerId) {
		return this.db.sql(OrderSql.FIND_CUSTOMER)
			.param("id", customerId)
			.query((row, rowNum) -> OrderRows.customer(row::getObject))
			.optional();
	}

	List<Product> findProducts(List<String> skus) {
		return this.db.sql(OrderSql.FIND_PRODUCTS)
			.param("skus", skus)
			.query((row, rowNum) -> OrderRows.product(row::getObject))
			.list();
	}

	/**
	 * Decrements the stock of every line in lock order; returns the SKUs that were short.
	 */
	List<String> reserveStock(NewOrder order) {
		List<String> shortSkus = new ArrayList<>();
		for (DraftLine line : order.linesInLockOrder()) {
			if (this.db.sql(OrderSql.RESERVE_STOCK).params(OrderSql.reserveParameters(line)).update() == 0) {
				shortSkus.add(line.sku());
			}
		}
		return shortSkus;
	}

	void insert(NewOrder order) {
		this.db.sql(OrderSql.INSERT_ORDER).params(bindable(OrderSql.orderParameters(order))).update();
	}

	Optional<StoredOrder> findOrder(UUID id) {
		List<OrderLineRow> rows = this.db.sql(OrderSql.FIND_ORDER)
			.param("id", id)
			.query((row, rowNum) -> OrderRows.orderLine(row::getObject))
			.list();
		return OrderRows.assembleOne(rows);
	}

	Optional<StoredOrder> findByIdempotencyKey(String key) {
		List<OrderLineRow> rows = this.db.sql(OrderSql.FIND_ORDER_BY_IDEMPOTENCY_KEY)
			.param("idempotencyKey", key)
			.query((row, rowNum) -> OrderRows.orderLine(row::getObject))
			.list();
		return OrderRows.assembleOne(rows);
	}

	List<StoredOrder> listOrders(long customerId, int limit) {
		List<OrderLineRow> rows = this.db.sql(OrderSql.LIST_ORDERS)
			.param("customerId", customerId)
			.param("limit", limit)
			.query((row, rowNum) -> OrderRows.orderLine(row::getObject))
			.list();
		return OrderRows.assemble(rows);
	}

	/**
	 * JDBC binds a null best with its type; the only nullable parameter is a text column.
	 */
	private static Map<String, Object> bindable(Map<String, Object> parameters) {
		parameters.replaceAll((name, value) -> (value != null) ? value : new SqlParameterValue(Types.VARCHAR, null));
		return parameters;
	}

}
