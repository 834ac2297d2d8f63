package dev.rvl.reactive.bulk;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import dev.rvl.domain.admission.QueueBudget;
import dev.rvl.domain.bulk.BulkItem;
import dev.rvl.domain.bulk.BulkReader;
import dev.rvl.domain.bulk.BulkResult;
import dev.rvl.domain.config.OrdersSettings;
import dev.rvl.domain.problem.Problems;
import dev.rvl.reactive.order.OrderService;
import dev.rvl.web.OrderMetrics;
import dev.rvl.web.ProblemResponses;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.stereotype.Component;

/**
 * Bulk ingest as a demand-driven pipeline: the body is read only as fast as orders
 * complete. At most {@code orders.bulk.concurrency} orders are placed at once and at most
 * {@code orders.bulk.buffer} parsed orders wait; with no demand, Reactor Netty stops
 * reading the socket and TCP pushes back on the client. Once the app refuses traffic
 * (Spring Boot's readiness, {@code REFUSING_TRAFFIC} from the first step of its
 * shutdown), the lines not started yet are answered without placing their orders, so the
 * request ends within the shutdown phase, every line answered.
 * <p>
 * The result lines are written here, as the Loom app writes them
 * ({@link BulkResult#toLine}), each in a wrapped array. Left to Spring's encoder, an
 * NDJSON stream goes through {@code writeAndFlushWith}, where each line's pooled buffer
 * travels inside a {@code Mono}; when the client goes away, Reactor Netty's
 * {@code sendGroups} (a {@code concatMap} that takes 32 ahead) discards those
 * {@code Mono}s unsubscribed, and nothing releases the buffers inside - a leak
 * {@code NoBufferLeaks} caught about once in ten runs of the contract's bulk abort. A
 * {@code Flux<DataBuffer>} goes through {@code writeWith}, whose sender releases the
 * buffers it holds on cancel, and a wrapped array holds no pooled memory anyway.
 */
@Component
class BulkIngest {

	private final OrderService orders;

	private final OrdersSettings.Bulk settings;

	private final OrderMetrics metrics;

	private final ApplicationAvailability availability;

	private final JsonMapper json;

	BulkIngest(OrderService orders, OrdersSettings settings, OrderMetrics metrics, ApplicationAvailability availability,
			JsonMapper json) {
		this.orders = orders;
		this.settings = settings.bulk();
		this.metrics = metrics;
		this.availability = availability;
		this.json = json;
	}

	Flux<DataBuffer> ingest(Flux<DataBuffer> body, DataBufferFactory buffers) {
		return results(body).map((result) -> buffers.wrap(result.toLine(this.json)));
	}

	private Flux<BulkResult> results(Flux<DataBuffer> body) {
		BulkReader reader = new BulkReader(this.settings.maxLines());
		AtomicInteger waiting = new AtomicInteger();
		return Flux.using(() -> this.metrics.trackBulkQueue(waiting::get),
				(queue) -> items(body, reader).doOnNext((item) -> waiting.incrementAndGet())
					.limitRate(this.settings.buffer())
					.flatMap((item) -> place(item).doFirst(waiting::decrementAndGet), this.settings.concurrency()),
				OrderMetrics.BulkQueue::close);
	}

	private Flux<BulkItem> items(Flux<DataBuffer> body, BulkReader reader) {
		return body.concatMapIterable((buffer) -> read(reader, buffer), 1)
			.concatWith(Flux.defer(() -> Flux.fromIterable(reader.finish())));
	}

	private static List<BulkItem> read(BulkReader reader, DataBuffer buffer) {
		List<BulkItem> items = new ArrayList<>();
		try (DataBuffer.ByteBufferIterator chunks = buffer.readableByteBuffers()) {
			while (chunks.hasNext()) {
				ByteBuffer chunk = chunks.next();
				items.addAll(reader.read(chunk));
			}
		}
		finally {
			DataBufferUtils.release(buffer);
		}
		return items;
	}

	private Mono<BulkResult> place(BulkItem item) {
		return switch (item) {
			case BulkItem.Parsed parsed when this.availability.getReadinessState() == ReadinessState.REFUSING_TRAFFIC ->
				Mono.just(BulkResult.failed(parsed.index(), Problems.shuttingDown()));
			case BulkItem.Parsed parsed -> this.orders.place(parsed.request(), null, QueueBudget.NONE)
				.map((placed) -> BulkResult.created(parsed.index(), placed.view().id()))
				// Exceptions only: an Error (BlockHound's BlockingOperationError
				// among them) must fail the request, not become one more line.
				.onErrorResume(Exception.class,
						(ex) -> Mono.just(BulkResult.failed(parsed.index(), ProblemResponses.problemOf(ex))));
			case BulkItem.Rejected rejected -> Mono.just(BulkResult.failed(rejected.index(), rejected.problem()));
		};
	}

}
