package dev.rvl.reactive.order;

import java.net.URI;
import java.util.List;

import dev.rvl.domain.admission.QueueBudget;
import dev.rvl.domain.order.Limits;
import dev.rvl.domain.order.OrderRequestReader;
import dev.rvl.domain.order.OrderValidator;
import dev.rvl.domain.order.OrderView;
import dev.rvl.domain.order.PlaceOrderRequest;
import dev.rvl.domain.order.PlacedOrder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * The order endpoints. The body is read as bytes (at most 64 KiB) and parsed by the
 * shared reader, and the list's query string by the shared {@code Limits}, so both apps
 * answer malformed input the same way. {@code {id}} never matches {@code bulk}, so that
 * {@code /api/orders/bulk} allows POST only.
 */
@RestController
class OrderController {

	/** Body buffers asked for at a time. */
	private static final int BODY_BUFFERS = 16;

	private final OrderService orders;

	OrderController(OrderService orders) {
		this.orders = orders;
	}

	@PostMapping(path = "/api/orders", consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	Mono<ResponseEntity<OrderView>> place(@RequestBody Flux<DataBuffer> body,
			@RequestHeader(name = OrderValidator.IDEMPOTENCY_KEY_HEADER, required = false) String idempotencyKey,
			@RequestAttribute(name = QueueBudget.ATTRIBUTE) QueueBudget budget) {
		return read(body).flatMap((request) -> this.orders.place(request, idempotencyKey, budget))
			.map(this::toResponse);
	}

	@GetMapping(path = "/api/orders/{id:(?!bulk$).+}", produces = MediaType.APPLICATION_JSON_VALUE)
	Mono<OrderView> find(@PathVariable String id) {
		return this.orders.find(id);
	}

	@GetMapping(path = "/api/customers/{customerId}/orders", produces = MediaType.APPLICATION_JSON_VALUE)
	Mono<List<OrderView>> list(@PathVariable String customerId, ServerHttpRequest request) {
		return this.orders.list(customerId, request.getURI().getRawQuery());
	}

	private Mono<PlaceOrderRequest> read(Flux<DataBuffer> body) {
		// Bounded demand: asked for everything at once, Reactor Netty (1.3.6) signals
		// a body it cannot decode twice, the second time logged as an ERROR.
		return DataBufferUtils.join(body.limitRate(BODY_BUFFERS), Limits.MAX_BODY_BYTES)
			.map(OrderController::bytes)
			.defaultIfEmpty(new byte[0])
			.map(OrderRequestReader::read);
	}

	private static byte[] bytes(DataBuffer buffer) {
		byte[] bytes = new byte[buffer.readableByteCount()];
		buffer.read(bytes);
		DataBufferUtils.release(buffer);
		return bytes;
	}

	private ResponseEntity<OrderView> toResponse(PlacedOrder placed) {
		if (!placed.created()) {
			return ResponseEntity.ok(placed.view());
		}
		return ResponseEntity.created(URI.create("/api/orders/" + placed.view().id())).body(placed.view());
	}

}
