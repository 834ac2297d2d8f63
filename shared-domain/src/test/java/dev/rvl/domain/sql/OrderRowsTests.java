package dev.rvl.domain.sql;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import dev.rvl.domain.order.OrderView;
import dev.rvl.domain.order.StoredOrder;
import dev.rvl.domain.sql.OrderRows.LineRow;
import dev.rvl.domain.sql.OrderRows.OrderLineRow;
import dev.rvl.domain.sql.OrderRows.OrderRow;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Orders read with their lines in one query come back as the rows listed them: orders in
 * the rows' order, each with its lines in theirs.
 */
class OrderRowsTests {

	private static final UUID NEWER = UUID.fromString("00000000-0000-7000-8000-000000000002");

	private static final UUID OLDER = UUID.fromString("00000000-0000-7000-8000-000000000001");

	@Test
	void putsEachOrderTogetherWithItsLinesInTheRowsOrder() {
		List<StoredOrder> orders = OrderRows.assemble(List.of(row(NEWER, line(NEWER, 1, "SKU-00002")),
				row(NEWER, line(NEWER, 2, "SKU-00001")), row(OLDER, line(OLDER, 1, "SKU-00003"))));

		assertThat(orders).extracting((order) -> order.view().id()).containsExactly(NEWER.toString(), OLDER.toString());
		assertThat(orders.get(0).view().lines()).extracting(OrderView.OrderLineView::sku)
			.containsExactly("SKU-00002", "SKU-00001");
		assertThat(orders.get(1).view().lines()).extracting(OrderView.OrderLineView::sku).containsExactly("SKU-00003");
	}

	@Test
	void keepsAnOrderWithoutLines() {
		assertThat(OrderRows.assembleOne(List.of(row(OLDER, null))))
			.hasValueSatisfying((order) -> assertThat(order.view().lines()).isEmpty());
	}

	@Test
	void findsNoOrderInNoRows() {
		assertThat(OrderRows.assembleOne(List.of())).isEmpty();
		assertThat(OrderRows.assemble(List.of())).isEmpty();
	}

	private static OrderLineRow row(UUID id, LineRow line) {
		return new OrderLineRow(new OrderRow(id, 1, "CONFIRMED", 1000, 0, 500, 190, 1690, "DHL", 10,
				OffsetDateTime.of(2026, 11, 25, 10, 0, 0, 0, ZoneOffset.UTC), "hash"), line);
	}

	private static LineRow line(UUID orderId, int lineNo, String sku) {
		return new LineRow(orderId, lineNo, sku, 1, 500, 500);
	}

}
