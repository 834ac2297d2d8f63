package dev.rvl.domain.order;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.rvl.domain.problem.ProblemException;
import dev.rvl.domain.problem.ProblemKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class OrderRequestReaderTests {

	@Test
	void readsAnOrder() {
		PlaceOrderRequest request = OrderRequestReader
			.read(bytes("{\"customerId\": 42, \"lines\": [{\"sku\": \"SKU-00017\", \"quantity\": 2}]}"));

		assertThat(request).isEqualTo(new PlaceOrderRequest(42L, List.of(new OrderLineRequest("SKU-00017", 2))));
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
			empty body              | ``                            | The request body is empty
			blank body              | `   `                         | The request body is empty
			not json                | not json                      | The request body is not valid JSON
			truncated json          | {"customerId": 1,             | The request body is not valid JSON
			trailing tokens         | {"customerId": 1} {}          | The request body is not valid JSON
			array root              | [1, 2]                        | The request body must be a JSON object
			string root             | "order"                       | The request body must be a JSON object
			lines not an array      | {"customerId": 1, "lines": 3} | lines must be a JSON array
			line not an object      | {"customerId": 1, "lines": [1]} | lines[0] must be a JSON object
			""")
	void rejectsMalformedBodies(String name, String body, String detail) {
		assertThatExceptionOfType(ProblemException.class).isThrownBy(() -> OrderRequestReader.read(bytes(body)))
			.satisfies((ex) -> {
				assertThat(ex.kind()).isEqualTo(ProblemKind.MALFORMED_BODY);
				assertThat(ex.problem().detail()).isEqualTo(detail);
			});
	}

	@Test
	void readsBodiesUpTo64KiB() {
		String order = "{\"customerId\": 1, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}]}";
		String padded = order + " ".repeat(Limits.MAX_BODY_BYTES - order.length());

		assertThat(OrderRequestReader.read(new ByteArrayInputStream(bytes(padded))).customerId()).isEqualTo(1);
	}

	@Test
	void rejectsBodiesOver64KiB() {
		String order = "{\"customerId\": 1, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}]}";
		String padded = order + " ".repeat(Limits.MAX_BODY_BYTES - order.length() + 1);

		assertThatExceptionOfType(ProblemException.class)
			.isThrownBy(() -> OrderRequestReader.read(new ByteArrayInputStream(bytes(padded))))
			.satisfies((ex) -> assertThat(ex.kind()).isEqualTo(ProblemKind.PAYLOAD_TOO_LARGE));
	}

	@ParameterizedTest
	@CsvSource({ "1, 1", "100, 100" })
	void readsListLimits(String given, int expected) {
		assertThat(Limits.listLimit(given)).isEqualTo(expected);
	}

	@Test
	void defaultsTheListLimitTo20() {
		assertThat(Limits.listLimit(null)).isEqualTo(20);
	}

	@ParameterizedTest
	@CsvSource({ "0", "101", "-1", "abc", "1.5", "''" })
	void rejectsListLimitsOutsideOneToHundred(String given) {
		assertThatExceptionOfType(ProblemException.class).isThrownBy(() -> Limits.listLimit(given))
			.satisfies((ex) -> assertThat(ex.problem().extensions().get("violations").toString()).contains("limit"));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', nullValues = "none", value = { "none | 20", "'' | 20", "limit=5 | 5", "=true | 20",
			"other=1&limit=7 | 7", "limit=%37 | 7", "&&limit=3& | 3", "a=%zz&limit=4 | 4" })
	void readsTheListLimitFromTheRawQueryIgnoringOtherParameters(String query, int expected) {
		assertThat(Limits.listLimitOfQuery(query)).isEqualTo(expected);
	}

	@ParameterizedTest
	@CsvSource({ "limit", "limit=", "limit=0", "limit=5&limit=6", "limit=%zz", "limit=1e1" })
	void rejectsListQueriesWithoutOneValidLimit(String query) {
		assertThatExceptionOfType(ProblemException.class).isThrownBy(() -> Limits.listLimitOfQuery(query))
			.satisfies((ex) -> assertThat(ex.problem().extensions().get("violations").toString()).contains("limit"));
	}

	@ParameterizedTest
	@CsvSource({ "0", "-5", "abc", "1e3", "99999999999999999999" })
	void rejectsCustomerIdsThatAreNotPositiveIntegers(String given) {
		assertThatExceptionOfType(ProblemException.class).isThrownBy(() -> Limits.customerId(given))
			.satisfies((ex) -> assertThat(ex.kind()).isEqualTo(ProblemKind.VALIDATION));
	}

	static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
