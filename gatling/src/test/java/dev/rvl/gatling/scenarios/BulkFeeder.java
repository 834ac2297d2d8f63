package dev.rvl.gatling.scenarios;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An endless, deterministic feeder of bulk bodies: each body is the next {@code lines}
 * orders of the {@link FedOrder} sequence as NDJSON, with the number of orders expected
 * to be created (all but the fraud-rejected ones).
 */
public final class BulkFeeder implements Iterator<Map<String, Object>> {

	/** Session keys the bulk endpoint reads. */
	public static final String BODY = "bulkBody";

	public static final String LINES = "bulkLines";

	public static final String EXPECTED_CREATED = "bulkExpectedCreated";

	private final AtomicLong next = new AtomicLong();

	private final int lines;

	public BulkFeeder(int lines) {
		if (lines < 1) {
			throw new IllegalArgumentException("a bulk body has at least one line");
		}
		this.lines = lines;
	}

	@Override
	public boolean hasNext() {
		return true;
	}

	@Override
	public Map<String, Object> next() {
		long first = this.next.getAndAdd(this.lines);
		StringBuilder body = new StringBuilder(this.lines * 80);
		int expectedCreated = 0;
		for (long index = first; index < first + this.lines; index++) {
			FedOrder order = FedOrder.at(index);
			body.append(order.json()).append('\n');
			expectedCreated += order.fraudRejected() ? 0 : 1;
		}
		return Map.of(BODY, body.toString(), LINES, this.lines, EXPECTED_CREATED, expectedCreated);
	}

}
