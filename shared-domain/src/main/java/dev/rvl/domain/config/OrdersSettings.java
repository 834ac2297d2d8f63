package dev.rvl.domain.config;

/**
 * The {@code orders.*} settings, with the same names and defaults in both apps.
 *
 * @param maxInFlight admission limit: more requests in flight are refused with 503
 * @param bulk the bulk ingest limits
 */
public record OrdersSettings(int maxInFlight, Bulk bulk) {

	public OrdersSettings {
		positive("orders.max-in-flight", maxInFlight);
	}

	/**
	 * The {@code orders.bulk.*} settings.
	 *
	 * @param concurrency orders placed at the same time for one bulk request
	 * @param buffer parsed orders waiting for a free slot; when full, the app stops
	 * reading
	 * @param maxLines lines processed per request; later ones are answered 413
	 */
	public record Bulk(int concurrency, int buffer, int maxLines) {

		public Bulk {
			positive("orders.bulk.concurrency", concurrency);
			positive("orders.bulk.buffer", buffer);
			positive("orders.bulk.max-lines", maxLines);
		}

	}

	static void positive(String name, long value) {
		if (value < 1) {
			throw new IllegalArgumentException(name + " must be at least 1, was " + value);
		}
	}

}
