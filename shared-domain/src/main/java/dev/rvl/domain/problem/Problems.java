package dev.rvl.domain.problem;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Factories for the problems of the order flow, so both apps word them identically.
 */
public final class Problems {

	private Problems() {
	}

	public static ProblemException validation(List<Violation> violations) {
		String detail = (violations.size() == 1) ? "1 field is not valid" : violations.size() + " fields are not valid";
		return new ProblemException(new Problem(ProblemKind.VALIDATION, detail, Map.of("violations", violations)));
	}

	public static ProblemException validation(String field, String message) {
		return validation(List.of(new Violation(field, message)));
	}

	/**
	 * The server could not read the request line or headers (too long, malformed, an
	 * encoded {@code /} in the path): what the HTTP server answers itself, before the app
	 * sees the request - Tomcat and Reactor Netty alike.
	 */
	public static Problem invalidHttpRequest() {
		return validation("request", "is not a valid HTTP request (path or headers)").problem();
	}

	public static ProblemException malformedBody(String detail) {
		return new ProblemException(new Problem(ProblemKind.MALFORMED_BODY, detail));
	}

	/**
	 * The body stopped arriving: the client stalled past the server's timeout or went
	 * away mid-body.
	 */
	public static ProblemException incompleteBody() {
		return malformedBody("The request body could not be read completely");
	}

	public static ProblemException payloadTooLarge(long limitBytes) {
		return new ProblemException(
				new Problem(ProblemKind.PAYLOAD_TOO_LARGE, "The request body is larger than " + limitBytes + " bytes"));
	}

	public static ProblemException tooManyBulkLines(int maxLines) {
		return new ProblemException(new Problem(ProblemKind.PAYLOAD_TOO_LARGE,
				"A bulk request holds at most " + maxLines + " orders; this one was not processed"));
	}

	public static ProblemException customerNotFound(long customerId) {
		return new ProblemException(
				new Problem(ProblemKind.CUSTOMER_NOT_FOUND, "Customer " + customerId + " does not exist"));
	}

	public static ProblemException orderNotFound(String orderId) {
		return new ProblemException(new Problem(ProblemKind.ORDER_NOT_FOUND, "Order " + orderId + " does not exist"));
	}

	public static ProblemException unknownSkus(Collection<String> skus) {
		List<String> sorted = skus.stream().sorted().toList();
		return new ProblemException(new Problem(ProblemKind.UNKNOWN_SKU, "Unknown SKU: " + String.join(", ", sorted),
				Map.of("unknownSkus", sorted)));
	}

	public static ProblemException insufficientStock(Collection<String> skus) {
		List<String> sorted = skus.stream().sorted().toList();
		return new ProblemException(new Problem(ProblemKind.INSUFFICIENT_STOCK,
				"Not enough stock for: " + String.join(", ", sorted), Map.of("skus", sorted)));
	}

	public static ProblemException fraudRejected(int score) {
		return new ProblemException(new Problem(ProblemKind.FRAUD_REJECTED,
				"The fraud check scored this order " + score + "; orders scoring 80 or more are rejected",
				Map.of("fraudScore", score)));
	}

	public static ProblemException idempotencyKeyReused() {
		return new ProblemException(new Problem(ProblemKind.IDEMPOTENCY_KEY_REUSED,
				"This Idempotency-Key was already used with a different request body"));
	}

	public static ProblemException idempotencyKeyInProgress() {
		return new ProblemException(new Problem(ProblemKind.IDEMPOTENCY_KEY_IN_PROGRESS,
				"A request with this Idempotency-Key is still being processed; retry shortly"));
	}

	public static ProblemException partnerUnavailable(String partner, Throwable cause) {
		return new ProblemException(
				new Problem(ProblemKind.PARTNER_UNAVAILABLE, "The " + partner + " partner call failed"), cause);
	}

	public static ProblemException partnerTimeout(Duration timeout, Throwable cause) {
		return new ProblemException(new Problem(ProblemKind.PARTNER_TIMEOUT,
				"The partner calls did not complete within " + timeout.toMillis() + " ms"), cause);
	}

	public static ProblemException overloaded(String detail) {
		return new ProblemException(new Problem(ProblemKind.OVERLOADED, detail));
	}

	public static ProblemException overloaded(String detail, Throwable cause) {
		return new ProblemException(new Problem(ProblemKind.OVERLOADED, detail), cause);
	}

	/**
	 * The app is shutting down and did not start this request (or bulk line): another
	 * instance, or this one restarted, can take it.
	 */
	public static Problem shuttingDown() {
		return new Problem(ProblemKind.OVERLOADED, "The server is shutting down; retry");
	}

	/** The body of an unexpected failure: never a stack trace, class name or SQL. */
	public static Problem internal() {
		return new Problem(ProblemKind.INTERNAL, "An unexpected error occurred");
	}

	/** The problem for an error the web framework raised itself, by its status. */
	public static Problem framework(int status) {
		ProblemKind kind = ProblemKind.forFrameworkStatus(status);
		return switch (kind) {
			case NOT_FOUND -> new Problem(kind, "No resource at this path");
			case METHOD_NOT_ALLOWED -> new Problem(kind, "This method is not supported here");
			case NOT_ACCEPTABLE -> new Problem(kind, "No acceptable representation; ask for application/json");
			case UNSUPPORTED_MEDIA_TYPE -> new Problem(kind, "Send the body with the documented Content-Type");
			case MALFORMED_BODY -> new Problem(kind, "The request could not be read");
			case PAYLOAD_TOO_LARGE -> new Problem(kind, "The request body is too large");
			case OVERLOADED -> new Problem(kind, "The service is overloaded; retry later");
			default -> internal();
		};
	}

}
