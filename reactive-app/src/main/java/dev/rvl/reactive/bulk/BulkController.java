package dev.rvl.reactive.bulk;

import reactor.core.publisher.Flux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/orders/bulk}: NDJSON in, one NDJSON result line per order out,
 * streamed as results complete.
 */
@RestController
class BulkController {

	private final BulkIngest bulk;

	BulkController(BulkIngest bulk) {
		this.bulk = bulk;
	}

	@PostMapping(path = "/api/orders/bulk", consumes = MediaType.APPLICATION_NDJSON_VALUE,
			produces = MediaType.APPLICATION_NDJSON_VALUE)
	Flux<DataBuffer> bulk(ServerHttpRequest request, ServerHttpResponse response) {
		// The body as it arrives, like the Loom app's InputStream: an empty one is an
		// empty stream of results, and a request without the NDJSON Content-Type is still
		// 415. The result lines as bytes, like the Loom app's OutputStream (BulkIngest).
		return this.bulk.ingest(request.getBody(), response.bufferFactory());
	}

}
