package dev.rvl.domain.order;

import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.rvl.domain.problem.ProblemException;
import dev.rvl.domain.problem.ProblemKind;
import dev.rvl.domain.problem.Violation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class OrderValidatorTests {

	@Test
	void acceptsAValidOrder() {
		ValidatedOrder order = validate(
				"""
						{"customerId": 42, "lines": [{"sku": "SKU-00017", "quantity": 2}, {"sku": "SKU-00001", "quantity": 100}],
						 "comment": "unknown fields are ignored"}""",
				"key-1_A");

		assertThat(order.customerId()).isEqualTo(42);
		assertThat(order.lines()).containsExactly(new OrderLine("SKU-00017", 2), new OrderLine("SKU-00001", 100));
		assertThat(order.idempotencyKey()).contains("key-1_A");
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', quoteCharacter = '`',
			textBlock = """
					# case                       | body                                                                   | field              | message
					missing customerId           | {"lines": [{"sku": "SKU-00001", "quantity": 1}]}                       | customerId         | is required and must be a positive integer
					null customerId              | {"customerId": null, "lines": [{"sku": "SKU-00001", "quantity": 1}]}   | customerId         | is required and must be a positive integer
					non-numeric customerId       | {"customerId": "abc", "lines": [{"sku": "SKU-00001", "quantity": 1}]}  | customerId         | is required and must be a positive integer
					numeric string customerId    | {"customerId": "42", "lines": [{"sku": "SKU-00001", "quantity": 1}]}   | customerId         | is required and must be a positive integer
					fractional customerId        | {"customerId": 4.5, "lines": [{"sku": "SKU-00001", "quantity": 1}]}    | customerId         | is required and must be a positive integer
					zero customerId              | {"customerId": 0, "lines": [{"sku": "SKU-00001", "quantity": 1}]}      | customerId         | is required and must be a positive integer
					negative customerId          | {"customerId": -3, "lines": [{"sku": "SKU-00001", "quantity": 1}]}     | customerId         | is required and must be a positive integer
					huge customerId              | {"customerId": 99999999999999999999, "lines": [{"sku": "SKU-00001", "quantity": 1}]} | customerId | is required and must be a positive integer
					missing lines                | {"customerId": 1}                                                      | lines              | must hold 1 to 50 lines
					empty lines                  | {"customerId": 1, "lines": []}                                         | lines              | must hold 1 to 50 lines
					lowercase sku                | {"customerId": 1, "lines": [{"sku": "sku-00001", "quantity": 1}]}      | lines[0].sku       | must be SKU- followed by five digits
					short sku                    | {"customerId": 1, "lines": [{"sku": "SKU-0001", "quantity": 1}]}       | lines[0].sku       | must be SKU- followed by five digits
					long sku                     | {"customerId": 1, "lines": [{"sku": "SKU-000011", "quantity": 1}]}     | lines[0].sku       | must be SKU- followed by five digits
					missing sku                  | {"customerId": 1, "lines": [{"quantity": 1}]}                          | lines[0].sku       | must be SKU- followed by five digits
					numeric sku                  | {"customerId": 1, "lines": [{"sku": 1, "quantity": 1}]}                | lines[0].sku       | must be SKU- followed by five digits
					zero quantity                | {"customerId": 1, "lines": [{"sku": "SKU-00001", "quantity": 0}]}      | lines[0].quantity  | must be an integer from 1 to 100
					quantity above 100           | {"customerId": 1, "lines": [{"sku": "SKU-00001", "quantity": 101}]}    | lines[0].quantity  | must be an integer from 1 to 100
					fractional quantity          | {"customerId": 1, "lines": [{"sku": "SKU-00001", "quantity": 1.5}]}    | lines[0].quantity  | must be an integer from 1 to 100
					string quantity              | {"customerId": 1, "lines": [{"sku": "SKU-00001", "quantity": "2"}]}    | lines[0].quantity  | must be an integer from 1 to 100
					missing quantity             | {"customerId": 1, "lines": [{"sku": "SKU-00001"}]}                     | lines[0].quantity  | must be an integer from 1 to 100
					duplicate sku                | {"customerId": 1, "lines": [{"sku": "SKU-00001", "quantity": 1}, {"sku": "SKU-00001", "quantity": 2}]} | lines[1].sku | SKU-00001 appears more than once
					""")
	void reportsEachViolation(String name, String body, String field, String message) {
		assertThat(violations(body, null)).containsExactly(new Violation(field, message));
	}

	@Test
	void acceptsFiftyLinesButNotFiftyOne() {
		assertThat(validate(bodyWithLines(50), null).lines()).hasSize(50);
		assertThat(violations(bodyWithLines(51), null))
			.containsExactly(new Violation("lines", "must hold 1 to 50 lines"));
	}

	@Test
	void reportsEveryViolationAtOnce() {
		String body = """
				{"customerId": "x", "lines": [{"sku": "bad", "quantity": 0}, {"sku": "SKU-00002", "quantity": 1}]}""";

		assertThat(violations(body, "not valid!")).containsExactly(
				new Violation("customerId", "is required and must be a positive integer"),
				new Violation("lines[0].sku", "must be SKU- followed by five digits"),
				new Violation("lines[0].quantity", "must be an integer from 1 to 100"),
				new Violation("Idempotency-Key", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ or -"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "with space", "ümlaut", "semi;colon",
			"12345678901234567890123456789012345678901234567890123456789012345" })
	void rejectsMalformedIdempotencyKeys(String key) {
		assertThat(violations("{\"customerId\": 1, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}]}", key))
			.containsExactly(new Violation("Idempotency-Key", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ or -"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "a", "A-b_9", "1234567890123456789012345678901234567890123456789012345678901234" })
	void acceptsWellFormedIdempotencyKeys(String key) {
		assertThat(validate("{\"customerId\": 1, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}]}", key)
			.idempotencyKey()).contains(key);
	}

	@Test
	void hashesTheCanonicalRequest() {
		String body = "{\"customerId\": 1, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}, {\"sku\": \"SKU-00002\", \"quantity\": 2}]}";
		String reordered = "{\"lines\": [{\"quantity\": 1, \"sku\": \"SKU-00001\"}, {\"sku\": \"SKU-00002\", \"quantity\": 2}], \"customerId\": 1, \"x\": 0}";
		String otherOrder = "{\"customerId\": 1, \"lines\": [{\"sku\": \"SKU-00002\", \"quantity\": 2}, {\"sku\": \"SKU-00001\", \"quantity\": 1}]}";
		String otherQuantity = "{\"customerId\": 1, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}, {\"sku\": \"SKU-00002\", \"quantity\": 3}]}";
		String otherCustomer = "{\"customerId\": 2, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}, {\"sku\": \"SKU-00002\", \"quantity\": 2}]}";

		String hash = validate(body, "k").requestHash();

		assertThat(hash).hasSize(64).isEqualTo(validate(reordered, "other-key").requestHash());
		assertThat(List.of(otherOrder, otherQuantity, otherCustomer))
			.allSatisfy((other) -> assertThat(validate(other, "k").requestHash()).isNotEqualTo(hash));
	}

	static ValidatedOrder validate(String body, String key) {
		return OrderValidator.validate(OrderRequestReader.read(body.getBytes(StandardCharsets.UTF_8)), key);
	}

	@SuppressWarnings("unchecked")
	static List<Violation> violations(String body, String key) {
		ProblemException problem = catchThrowableOfType(ProblemException.class, () -> validate(body, key));
		assertThat(problem).isNotNull();
		assertThat(problem.kind()).isEqualTo(ProblemKind.VALIDATION);
		return (List<Violation>) problem.problem().extensions().get("violations");
	}

	static String bodyWithLines(int count) {
		StringBuilder lines = new StringBuilder();
		for (int i = 1; i <= count; i++) {
			lines.append((i > 1) ? "," : "").append("{\"sku\": \"SKU-%05d\", \"quantity\": 1}".formatted(i));
		}
		return "{\"customerId\": 1, \"lines\": [" + lines + "]}";
	}

}
