package dev.rvl.domain.problem;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The problem catalogue: every kind of error either app may answer, with its HTTP status
 * and title. The RFC 9457 {@code type} is the relative URI {@code /problems/<kind>}.
 */
public enum ProblemKind {

	VALIDATION(400, "Request is not valid"),

	MALFORMED_BODY(400, "Malformed request body"),

	NOT_FOUND(404, "Not found"),

	CUSTOMER_NOT_FOUND(404, "Customer not found"),

	ORDER_NOT_FOUND(404, "Order not found"),

	METHOD_NOT_ALLOWED(405, "Method not allowed"),

	NOT_ACCEPTABLE(406, "Not acceptable"),

	INSUFFICIENT_STOCK(409, "Insufficient stock"),

	IDEMPOTENCY_KEY_IN_PROGRESS(409, "Idempotency key in progress"),

	PAYLOAD_TOO_LARGE(413, "Payload too large"),

	UNSUPPORTED_MEDIA_TYPE(415, "Unsupported media type"),

	UNKNOWN_SKU(422, "Unknown SKU"),

	FRAUD_REJECTED(422, "Order rejected by the fraud check"),

	IDEMPOTENCY_KEY_REUSED(422, "Idempotency key reused with another request"),

	INTERNAL(500, "Internal error"),

	PARTNER_UNAVAILABLE(502, "Partner unavailable"),

	OVERLOADED(503, "Service overloaded"),

	PARTNER_TIMEOUT(504, "Partner timeout");

	private final int status;

	private final String title;

	ProblemKind(int status, String title) {
		this.status = status;
		this.title = title;
	}

	public int status() {
		return this.status;
	}

	public String title() {
		return this.title;
	}

	/** The kind as it appears in URIs and metric tags, e.g. {@code malformed-body}. */
	public String slug() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/** The RFC 9457 {@code type} member: {@code /problems/<slug>}. */
	public String type() {
		return "/problems/" + slug();
	}

	/**
	 * The kind for an error the web framework raised itself (unknown route, wrong method,
	 * ...), by the status it carries.
	 */
	public static ProblemKind forFrameworkStatus(int status) {
		return switch (status) {
			case 400 -> MALFORMED_BODY;
			case 404 -> NOT_FOUND;
			case 405 -> METHOD_NOT_ALLOWED;
			case 406 -> NOT_ACCEPTABLE;
			case 413 -> PAYLOAD_TOO_LARGE;
			case 415 -> UNSUPPORTED_MEDIA_TYPE;
			case 503 -> OVERLOADED;
			default -> INTERNAL;
		};
	}

	/** The kind whose slug is given, if any. */
	public static Optional<ProblemKind> fromSlug(String slug) {
		return Arrays.stream(values()).filter((kind) -> kind.slug().equals(slug)).findFirst();
	}

}
