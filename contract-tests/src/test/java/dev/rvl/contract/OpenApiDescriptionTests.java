package dev.rvl.contract;

import java.net.URI;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The validator behind the suite's response checks really reads the description: it
 * accepts a conforming answer and reports one that breaks it.
 */
class OpenApiDescriptionTests {

	static final String ORDER = """
			{"id": "0190a7b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b", "customerId": 42, "status": "CONFIRMED",
			"lines": [{"sku": "SKU-00017", "quantity": 2, "unitPriceCents": 14822, "lineTotalCents": 29644}],
			"subtotalCents": 29644, "discountCents": 0, "shippingCents": 0, "taxCents": 6225, "totalCents": 35869,
			"carrier": "PostNL", "fraudScore": 30, "createdAt": "2026-11-22T10:15:30.123Z"}""";

	static final Map<String, List<String>> JSON = Map.of("Content-Type", List.of("application/json"));

	OpenApiDescription description = OpenApiDescription.shared();

	@Test
	void acceptsAConformingAnswer() {
		assertThat(violations("GET", "/api/orders/0190a7b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b", 200, JSON, ORDER)).isEmpty();
	}

	@Test
	void reportsAnAnswerThatBreaksTheSchema() {
		assertThat(violations("GET", "/api/orders/0190a7b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b", 200, JSON,
				ORDER.replace("\"quantity\": 2", "\"quantity\": \"two\"")))
			.isNotEmpty();
		assertThat(violations("GET", "/api/orders/0190a7b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b", 200, JSON,
				ORDER.replace("\"status\": \"CONFIRMED\",", "")))
			.isNotEmpty();
	}

	@Test
	void reportsAnUndocumentedStatus() {
		assertThat(violations("GET", "/api/orders/0190a7b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b", 418, JSON, "{}")).isNotEmpty();
	}

	@Test
	void reportsARequestTheDescriptionForbids() {
		assertThat(this.description.requestViolations("POST", "/api/orders", Map.of("Content-Type", "application/json"),
				"{\"customerId\": 42, \"lines\": [{\"sku\": \"SKU-00017\", \"quantity\": 101}]}"))
			.isNotEmpty();
		assertThat(this.description.requestViolations("POST", "/api/orders", Map.of("Content-Type", "application/json"),
				"{\"customerId\": 42, \"lines\": [{\"sku\": \"SKU-00017\", \"quantity\": 100}]}"))
			.isEmpty();
	}

	List<String> violations(String method, String path, int status, Map<String, List<String>> headers, String body) {
		return this.description.responseViolations(method, URI.create("http://127.0.0.1" + path), status, headers,
				body);
	}

}
