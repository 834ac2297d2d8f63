package dev.rvl.reactive.order;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.rvl.domain.order.Customer;
import dev.rvl.domain.order.NewOrder;
import dev.rvl.domain.order.Product;
import dev.rvl.domain.order.StoredOrder;
import dev.rvl.domain.sql.OrderRows;
import dev.rvl.domain.sql.OrderSql;
import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import io.r2dbc.spi.Parameters;
import io.r2dbc.spi.R2dbcType;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;

/**
 * Runs the shared SQL with R2DBC. Each query holds a pooled connection only while it
 * runs, unless the caller wraps it in a transaction.
 */
@Repository
class OrderRepository {

	private final DatabaseClient db;

	OrderRepository(DatabaseClient db) {
		this.db = db;
	}

	Mono<Customer> findCustomer(long customerId) {
		return this.db.sql(OrderSql.FIND_CUSTOMER)
			.bind("id", customerId)
			.map((row) -> OrderRows.customer(row::get))
			.one()
			.as(OrderRepository::releasingDroppedParameters);
	}

	Mono<List<Product>> findProducts(List<String> skus) {
		return this.db.sql(OrderSql.FIND_PRODUCTS)
			.bind("skus", skus)
			.map((row) -> OrderRows.product(row::get))
			.all()
			.collectList()
			.as(OrderRepository::releasingDroppedParameters);
	}

	/**
	 * Decrements the stock of every line in lock order; returns the SKUs that were short.
	 */
	Mono<List<String>> reserveStock(NewOrder order) {
		return Flux.fromIterable(order.linesInLockOrder())
			.concatMap((line) -> this.db.sql(OrderSql.RESERVE_STOCK)
				.bindValues(OrderSql.reserveParameters(line))
				.fetch()
				.rowsUpdated()
				.filter((updated) -> updated == 0)
				.map((updated) -> line.sku()))
			.collectList()
			.as(OrderRepository::releasingDroppedParameters);
	}

	Mono<Void> insert(NewOrder order) {
		return this.db.sql(OrderSql.INSERT_ORDER)
			.bindValues(bindable(OrderSql.orderParameters(order)))
			.then()
			.as(OrderRepository::releasingDroppedParameters);
	}

	Mono<StoredOrder> findOrder(UUID id) {
		return this.db.sql(OrderSql.FIND_ORDER)
			.bind("id", id)
			.map((row) -> OrderRows.orderLine(row::get))
			.all()
			.collectList()
			.flatMap((rows) -> Mono.justOrEmpty(OrderRows.assembleOne(rows)))
			.as(OrderRepository::releasingDroppedParameters);
	}

	Mono<StoredOrder> findByIdempotencyKey(String key) {
		return this.db.sql(OrderSql.FIND_ORDER_BY_IDEMPOTENCY_KEY)
			.bind("idempotencyKey", key)
			.map((row) -> OrderRows.orderLine(row::get))
			.all()
			.collectList()
			.flatMap((rows) -> Mono.justOrEmpty(OrderRows.assembleOne(rows)))
			.as(OrderRepository::releasingDroppedParameters);
	}

	Mono<List<StoredOrder>> listOrders(long customerId, int limit) {
		return this.db.sql(OrderSql.LIST_ORDERS)
			.bind("customerId", customerId)
			.bind("limit", limit)
			.map((row) -> OrderRows.orderLine(row::get))
			.all()
			.collectList()
			.map(OrderRows::assemble)
			.as(OrderRepository::releasingDroppedParameters);
	}

	/**
	 * Releases the bind parameters the driver drops. r2dbc-postgresql (1.1.3) encodes a
	 * statement's parameters into buffers on the connection's loop when the statement
	 * runs; a cancellation from another thread meanwhile (a client that went away, on the
	 * server's loop) makes the operators collecting them discard them unreleased, a leak
	 * NoBufferLeaks caught in CI ({@code CancelledQueriesTests} reproduces it). Reactor
	 * hands what an operator discards to the hook in its subscriber's context, and the
	 * context set here reaches the driver's operators of every statement of the query.
	 * Only {@link ByteBuf}s: the driver's messages and results are other
	 * reference-counted types, which its own discard hooks release, and Reactor runs
	 * every hook in the context - one for all reference-counted objects would release
	 * them a second time.
	 */
	private static <T> Mono<T> releasingDroppedParameters(Mono<T> query) {
		return query.doOnDiscard(ByteBuf.class, ReferenceCountUtil::release);
	}

	/**
	 * R2DBC binds a null only with its type; the only nullable parameter is a text
	 * column.
	 */
	private static Map<String, Object> bindable(Map<String, Object> parameters) {
		parameters.replaceAll((name, value) -> (value != null) ? value : Parameters.in(R2dbcType.VARCHAR));
		return parameters;
	}

}
