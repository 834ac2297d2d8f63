package dev.rvl.domain.order;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import dev.rvl.domain.problem.Problems;
import dev.rvl.domain.problem.Violation;

/**
 * The request rules of the order flow. Collects every violation, then fails with one
 * {@code validation} problem listing them all.
 */
public final class OrderValidator {

	public static final int MAX_LINES = 50;

	public static final int MAX_QUANTITY = 100;

	public static final String IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

	private static final Pattern SKU = Pattern.compile("SKU-\\d{5}");

	private static final Pattern IDEMPOTENCY_KEY = Pattern.compile("[A-Za-z0-9_-]{1,64}");

	private OrderValidator() {
	}

	/**
	 * Validates a request and its optional idempotency key.
	 * @param request the request as read from JSON
	 * @param idempotencyKey the {@code Idempotency-Key} header, or {@code null} if absent
	 * @return the validated order
	 * @throws dev.rvl.domain.problem.ProblemException a {@code validation} problem
	 */
	public static ValidatedOrder validate(PlaceOrderRequest request, String idempotencyKey) {
		List<Violation> violations = new ArrayList<>();
		Long customerId = request.customerId();
		if (customerId == null || customerId < 1) {
			violations.add(new Violation("customerId", "is required and must be a positive integer"));
		}
		List<OrderLineRequest> lines = (request.lines() != null) ? request.lines() : List.of();
		if (lines.isEmpty() || lines.size() > MAX_LINES) {
			violations.add(new Violation("lines", "must hold 1 to " + MAX_LINES + " lines"));
		}
		Set<String> seen = new HashSet<>();
		for (int i = 0; i < lines.size(); i++) {
			OrderLineRequest line = lines.get(i);
			String sku = line.sku();
			if (sku == null || !SKU.matcher(sku).matches()) {
				violations.add(new Violation("lines[" + i + "].sku", "must be SKU- followed by five digits"));
			}
			else if (!seen.add(sku)) {
				violations.add(new Violation("lines[" + i + "].sku", sku + " appears more than once"));
			}
			Integer quantity = line.quantity();
			if (quantity == null || quantity < 1 || quantity > MAX_QUANTITY) {
				violations
					.add(new Violation("lines[" + i + "].quantity", "must be an integer from 1 to " + MAX_QUANTITY));
			}
		}
		if (idempotencyKey != null && !IDEMPOTENCY_KEY.matcher(idempotencyKey).matches()) {
			violations
				.add(new Violation(IDEMPOTENCY_KEY_HEADER, "must be 1 to 64 characters of A-Z, a-z, 0-9, _ or -"));
		}
		if (!violations.isEmpty()) {
			throw Problems.validation(violations);
		}
		List<OrderLine> validLines = lines.stream().map((line) -> new OrderLine(line.sku(), line.quantity())).toList();
		return new ValidatedOrder(customerId, validLines, Optional.ofNullable(idempotencyKey));
	}

}
