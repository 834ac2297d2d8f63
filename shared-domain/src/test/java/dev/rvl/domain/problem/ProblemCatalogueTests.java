package dev.rvl.domain.problem;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ProblemCatalogueTests {

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource({ "validation, 400", "malformed-body, 400", "unsupported-media-type, 415", "payload-too-large, 413",
			"customer-not-found, 404", "order-not-found, 404", "not-found, 404", "method-not-allowed, 405",
			"not-acceptable, 406", "unknown-sku, 422", "fraud-rejected, 422", "idempotency-key-reused, 422",
			"insufficient-stock, 409", "idempotency-key-in-progress, 409", "partner-unavailable, 502",
			"partner-timeout, 504", "overloaded, 503", "internal, 500" })
	void catalogueHasEveryDocumentedKind(String slug, int status) {
		ProblemKind kind = ProblemKind.fromSlug(slug).orElseThrow();

		assertThat(kind.status()).isEqualTo(status);
		assertThat(kind.type()).isEqualTo("/problems/" + slug);
		assertThat(kind.title()).isNotBlank();
	}

	@Test
	void catalogueHasNothingUndocumented() {
		assertThat(ProblemKind.values()).hasSize(18);
	}

	@Test
	void rendersTheRfc9457BodyWithSortedExtensions() {
		Problem problem = new Problem(ProblemKind.UNKNOWN_SKU, "Unknown SKU: SKU-00009",
				Map.of("zeta", 1, "unknownSkus", List.of("SKU-00009")));

		assertThat(problem.body()).containsExactly(Map.entry("type", "/problems/unknown-sku"),
				Map.entry("title", "Unknown SKU"), Map.entry("status", 422),
				Map.entry("detail", "Unknown SKU: SKU-00009"), Map.entry("unknownSkus", List.of("SKU-00009")),
				Map.entry("zeta", 1));
	}

	@Test
	void onlyOverloadedAsksClientsToRetryAfterASecond() {
		assertThat(Problems.overloaded("busy").problem().retryAfterSeconds()).contains(1);
		assertThat(Problems.customerNotFound(1).problem().retryAfterSeconds()).isEmpty();
	}

	@Test
	void listsEveryShortAndUnknownSkuSorted() {
		assertThat(Problems.insufficientStock(List.of("SKU-00003", "SKU-00001")).problem().extensions())
			.containsEntry("skus", List.of("SKU-00001", "SKU-00003"));
		assertThat(Problems.unknownSkus(List.of("SKU-00009", "SKU-00002")).problem().extensions())
			.containsEntry("unknownSkus", List.of("SKU-00002", "SKU-00009"));
	}

	@ParameterizedTest(name = "framework {0} -> {1}")
	@CsvSource({ "400, malformed-body", "404, not-found", "405, method-not-allowed", "406, not-acceptable",
			"413, payload-too-large", "415, unsupported-media-type", "503, overloaded", "500, internal",
			"418, internal" })
	void mapsFrameworkStatuses(int status, String slug) {
		assertThat(Problems.framework(status).kind().slug()).isEqualTo(slug);
	}

	@Test
	void internalProblemRevealsNothing() {
		assertThat(Problems.internal().body()).containsOnlyKeys("type", "title", "status", "detail")
			.containsEntry("detail", "An unexpected error occurred");
	}

}
