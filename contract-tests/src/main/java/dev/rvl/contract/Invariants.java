package dev.rvl.contract;

import java.util.Collection;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What must hold in the database after any scenario, however it went: one order row per
 * 201 and none without its lines, stock conservation (stock before − units sold = stock
 * after), no negative stock, at most one order per idempotency key.
 */
public final class Invariants {

	private Invariants() {
	}

	/** The counts a scenario starts from. */
	public static Snapshot snapshot(TestDatabase database) {
		return new Snapshot(database.orders(), database.count("SELECT coalesce(sum(quantity), 0) FROM order_line"),
				database.totalStock());
	}

	/**
	 * Checks the invariants after a scenario.
	 * @param database the app's database
	 * @param before the snapshot taken before the scenario
	 * @param createdOrderIds the ids of every order answered 201 during the scenario
	 */
	public static void assertHold(TestDatabase database, Snapshot before, Collection<String> createdOrderIds) {
		assertHold(database, before, createdOrderIds, 0);
	}

	/**
	 * As {@link #assertHold(TestDatabase, Snapshot, Collection)}, for a scenario in which
	 * some requests lost their connection without an answer (a SIGTERM): each of those
	 * may or may not have been committed - its client cannot know, and finds out with its
	 * idempotency key - so up to that many orders beyond the 201s are allowed; every
	 * other invariant holds as always.
	 * @param database the database
	 * @param before the counts before the scenario
	 * @param createdOrderIds the orders answered 201
	 * @param unanswered requests whose connection closed without an answer
	 * @return how many orders were committed without an answer
	 */
	public static long assertHold(TestDatabase database, Snapshot before, Collection<String> createdOrderIds,
			long unanswered) {
		Snapshot after = snapshot(database);
		long committedWithoutAnswer = after.orders() - before.orders() - createdOrderIds.size();
		assertThat(committedWithoutAnswer)
			.as("new orders beyond the answers 201 (at most the %d unanswered)", unanswered)
			.isBetween(0L, unanswered);
		for (String id : createdOrderIds) {
			assertThat(database.count("SELECT count(*) FROM purchase_order WHERE id = ?::uuid", id))
				.as("order %s answered 201", id)
				.isOne();
		}
		assertThat(database.count("SELECT count(*) FROM purchase_order o "
				+ "WHERE NOT EXISTS (SELECT 1 FROM order_line l WHERE l.order_id = o.id)"))
			.as("orders without lines")
			.isZero();
		assertThat(before.totalStock() - (after.unitsSold() - before.unitsSold())).as("stock conservation")
			.isEqualTo(after.totalStock());
		assertThat(database.count("SELECT count(*) FROM product WHERE stock < 0")).as("negative stock").isZero();
		assertThat(database.count("SELECT count(*) FROM (SELECT idempotency_key FROM purchase_order "
				+ "WHERE idempotency_key IS NOT NULL GROUP BY idempotency_key HAVING count(*) > 1) duplicates"))
			.as("idempotency keys with more than one order")
			.isZero();
		return committedWithoutAnswer;
	}

	/**
	 * Database counts at one moment.
	 *
	 * @param orders order rows
	 * @param unitsSold units over all order lines
	 * @param totalStock units over all products
	 */
	public record Snapshot(long orders, long unitsSold, long totalStock) {
	}

}
