package dev.rvl.reactive.bulk;

import dev.rvl.domain.bulk.BulkResult;
import reactor.core.publisher.Flux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
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
	Flux<BulkResult> bulk(@RequestBody(required = false) Flux<DataBuffer> body) {
		// An empty body holds no orders: an empty stream, as in the Loom app.
		return this.bulk.ingest((body != null) ? body : Flux.empty());
	}

}
