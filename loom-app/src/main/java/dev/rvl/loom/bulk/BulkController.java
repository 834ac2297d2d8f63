package dev.rvl.loom.bulk;

import java.io.InputStream;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.MediaType;
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
	void bulk(InputStream body, HttpServletResponse response) throws java.io.IOException {
		response.setStatus(HttpServletResponse.SC_OK);
		response.setContentType(MediaType.APPLICATION_NDJSON_VALUE);
		this.bulk.ingest(body, response.getOutputStream());
	}

}
