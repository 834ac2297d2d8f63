package dev.rvl.loom.bulk;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

import dev.rvl.domain.admission.QueueBudget;
import dev.rvl.domain.bulk.BulkItem;
import dev.rvl.domain.bulk.BulkReader;
import dev.rvl.domain.bulk.BulkResult;
import dev.rvl.domain.config.OrdersSettings;
import dev.rvl.domain.problem.Problems;
import dev.rvl.loom.concurrent.FanOut;
import dev.rvl.loom.order.OrderService;
import dev.rvl.web.OrderMetrics;
import dev.rvl.web.ProblemResponses;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.stereotype.Component;

/**
 * Bulk ingest as a bounded producer-consumer: one thread parses the body into an
 * {@link ArrayBlockingQueue} of {@code orders.bulk.buffer} orders;
 * {@code orders.bulk.concurrency} threads take from it, place the order and hand the
 * result line to the one thread that writes the response. A full queue blocks the
 * producer, which stops reading the socket, and TCP pushes back on the client. An end
 * marker ends the consumers, and the last of them the writer. Once the app refuses
 * traffic (Spring Boot's readiness, {@code REFUSING_TRAFFIC} from the first step of its
 * shutdown), the lines not started yet are answered without placing their orders, so the
 * request ends within the shutdown phase, every line answered.
 * <p>
 * When the client goes away (a result cannot be written, the body cannot be read), the
 * pipeline stops cooperatively, never by interrupt: an interrupt would close the JDBC
 * connection of a consumer inside a query. The producer stops reading, the consumers
 * finish the order in hand and drain the queue without placing more, and this returns
 * only when every thread has finished, so none outlives the request.
 */
@Component
class BulkIngest {

	/** The end-of-body marker; identity matters, not content. */
	private static final BulkItem END = new BulkItem.Rejected(-1, Problems.internal());

	/**
	 * The end-of-results marker, after the last consumer's last line; it writes nothing.
	 */
	private static final byte[] END_OF_RESULTS = new byte[0];

	private static final Log logger = LogFactory.getLog(BulkIngest.class);

	private final OrderService orders;

	private final OrdersSettings.Bulk settings;

	private final OrderMetrics metrics;

	private final ApplicationAvailability availability;

	private final AsyncTaskExecutor executor;

	private final JsonMapper json;

	BulkIngest(OrderService orders, OrdersSettings settings, OrderMetrics metrics, ApplicationAvailability availability,
			AsyncTaskExecutor bulkTaskExecutor, JsonMapper json) {
		this.orders = orders;
		this.settings = settings.bulk();
		this.metrics = metrics;
		this.availability = availability;
		this.executor = bulkTaskExecutor;
		this.json = json;
	}

	void ingest(InputStream body, OutputStream out) {
		BlockingQueue<BulkItem> queue = new ArrayBlockingQueue<>(this.settings.buffer());
		ResultWriter results = new ResultWriter(out, this.settings.concurrency());
		try (OrderMetrics.BulkQueue tracked = this.metrics.trackBulkQueue(queue::size);
				FanOut fanOut = new FanOut(this.executor)) {
			fanOut.fork(() -> produce(body, queue, results));
			for (int i = 0; i < this.settings.concurrency(); i++) {
				fanOut.fork(() -> consume(queue, results));
			}
			fanOut.fork(results::writeAll);
			fanOut.join();
		}
		if (results.clientGone() != null) {
			logger.debug("Bulk request ended early, the client is gone", results.clientGone());
		}
	}

	private Void produce(InputStream body, BlockingQueue<BulkItem> queue, ResultWriter results)
			throws InterruptedException {
		BulkReader reader = new BulkReader(this.settings.maxLines());
		byte[] chunk = new byte[8192];
		try {
			for (int read = body.read(chunk); read != -1 && results.clientGone() == null; read = body.read(chunk)) {
				for (BulkItem item : reader.read(chunk, 0, read)) {
					queue.put(item);
				}
			}
			for (BulkItem item : reader.finish()) {
				queue.put(item);
			}
		}
		catch (IOException ex) {
			results.clientGone(ex);
		}
		// Not in a finally: cancelled (interrupted), nobody may be left to take it.
		queue.put(END);
		return null;
	}

	private Void consume(BlockingQueue<BulkItem> queue, ResultWriter results) throws InterruptedException {
		for (BulkItem item = queue.take(); item != END; item = queue.take()) {
			if (results.clientGone() == null) {
				results.add(place(item));
			}
		}
		queue.put(END); // for the next consumer
		results.consumerDone();
		return null;
	}

	private BulkResult place(BulkItem item) {
		return switch (item) {
			case BulkItem.Parsed parsed when this.availability.getReadinessState() == ReadinessState.REFUSING_TRAFFIC ->
				BulkResult.failed(parsed.index(), Problems.shuttingDown());
			case BulkItem.Parsed parsed -> {
				try {
					yield BulkResult.created(parsed.index(),
							this.orders.place(parsed.request(), null, QueueBudget.NONE).view().id());
				}
				catch (RuntimeException ex) {
					yield BulkResult.failed(parsed.index(), ProblemResponses.problemOf(ex));
				}
			}
			case BulkItem.Rejected rejected -> BulkResult.failed(rejected.index(), rejected.problem());
		};
	}

	/**
	 * The response's one writer. Consumers hand it their result lines over a queue as
	 * long as their number; it writes every line that waits, then flushes once: lines
	 * that complete together go out in one write, as the reactive app's sender flushes
	 * when its queue runs dry. The first failure to write means the client is gone: later
	 * lines are dropped. It ends after the last consumer's end marker.
	 */
	private final class ResultWriter {

		private final OutputStream out;

		private final BlockingQueue<byte[]> lines;

		private final AtomicInteger consumers;

		private volatile IOException clientGone;

		ResultWriter(OutputStream out, int consumers) {
			this.out = out;
			this.lines = new ArrayBlockingQueue<>(consumers);
			this.consumers = new AtomicInteger(consumers);
		}

		void add(BulkResult result) throws InterruptedException {
			this.lines.put(result.toLine(BulkIngest.this.json));
		}

		void consumerDone() throws InterruptedException {
			if (this.consumers.decrementAndGet() == 0) {
				this.lines.put(END_OF_RESULTS);
			}
		}

		/** Writes what waits, flushes, and again, until the end marker (no bytes). */
		Void writeAll() throws InterruptedException {
			List<byte[]> waiting = new ArrayList<>();
			do {
				waiting.clear();
				waiting.add(this.lines.take());
				this.lines.drainTo(waiting);
				writeAndFlush(waiting);
			}
			while (waiting.getLast() != END_OF_RESULTS);
			return null;
		}

		private void writeAndFlush(List<byte[]> waiting) {
			if (this.clientGone != null) {
				return;
			}
			try {
				for (byte[] line : waiting) {
					this.out.write(line);
				}
				this.out.flush();
			}
			catch (IOException ex) {
				clientGone(ex);
			}
		}

		IOException clientGone() {
			return this.clientGone;
		}

		void clientGone(IOException ex) {
			if (this.clientGone == null) {
				this.clientGone = ex;
			}
		}

	}

}
