package dev.rvl.contract;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two failures whose stack traces the readability page compares — a partner timeout
 * while placing an order, a constraint violation in the write — provoked over HTTP the
 * same way in both apps, and the failures the app's problem handler received. Each app's
 * {@code StackTraceCaptureTests} has a capturing problem handler that {@link #add adds}
 * every failure it sees.
 */
public final class FailureCapture {

	static final String ORDER = """
			{"customerId": 7, "lines": [{"sku": "SKU-00001", "quantity": 1}]}""";

	static final String VIOLATING_ORDER = """
			{"customerId": 7, "lines": [{"sku": "SKU-00001", "quantity": 60}]}""";

	private final List<Throwable> received = new CopyOnWriteArrayList<>();

	/** A failure the app's problem handler received. */
	public void add(Throwable failure) {
		this.received.add(failure);
	}

	/** What was received, for messages. */
	public String describe() {
		return this.received.stream().map(Traces::normalize).toList().toString();
	}

	/**
	 * Places the two failing orders over HTTP and returns the normalized traces the
	 * problem handler received, by scenario.
	 * @param app the app
	 * @param stub the partner stub it calls
	 * @param jdbcUrl its database
	 * @param partnerTimeout which partner-timeout trace to keep: the first one that
	 * matches, of at most ten
	 * @return the traces by scenario
	 */
	public Map<String, String> capture(URI app, URI stub, String jdbcUrl, Predicate<String> partnerTimeout) {
		Api api = new Api(app);
		// A rule the schema might gain that the shared validator (1..100) does not know.
		Traces.sql(jdbcUrl, "ALTER TABLE order_line DROP CONSTRAINT IF EXISTS order_line_quantity_at_most_50",
				"ALTER TABLE order_line ADD CONSTRAINT order_line_quantity_at_most_50 CHECK (quantity <= 50) NOT VALID");
		warmUp(api);
		// Each failure twice, the second kept: a first request may run one-time
		// initialization that the trace would show.
		Map<String, String> traces = new TreeMap<>();
		for (int run = 0; run < 2; run++) {
			traces.put("constraint-violation", fail(api, 500, VIOLATING_ORDER));
			Traces.faults(stub, "PUT", "{\"hangRate\": 1.0}");
			try {
				traces.put("partner-timeout", partnerTimeout(api, partnerTimeout));
			}
			finally {
				Traces.faults(stub, "DELETE", null);
			}
		}
		return traces;
	}

	/**
	 * Places orders until one succeeds: in the reactive app the first partner answers of
	 * a JVM build Jackson's deserializers under a lock, which BlockHound reports when
	 * both answers race for it on the event loop.
	 */
	private void warmUp(Api api) {
		for (int attempt = 0; attempt < 5; attempt++) {
			if (api.placeOrder(ORDER).status() == 201) {
				this.received.clear();
				return;
			}
		}
		throw new IllegalStateException("No order succeeded: " + describe());
	}

	private String partnerTimeout(Api api, Predicate<String> wanted) {
		for (int attempt = 0; attempt < 10; attempt++) {
			String trace = fail(api, 504, ORDER);
			if (wanted.test(trace)) {
				return trace;
			}
		}
		throw new IllegalStateException("None of 10 partner timeouts left the trace wanted");
	}

	private String fail(Api api, int status, String order) {
		this.received.clear();
		Api.Response response = api.placeOrder(order);
		assertThat(response.status()).as(this::describe).isEqualTo(status);
		assertThat(this.received).as(this::describe).hasSize(1);
		return Traces.normalize(this.received.remove(0));
	}

}
