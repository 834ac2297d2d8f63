package dev.rvl.domain.problem;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An RFC 9457 problem both apps render identically.
 *
 * @param kind the catalogue entry (status, title, type)
 * @param detail a human-readable explanation of this occurrence
 * @param extensions extension members such as {@code violations}, {@code unknownSkus} or
 * {@code skus}, in the order they are rendered
 */
public record Problem(ProblemKind kind, String detail, Map<String, Object> extensions) {

	/**
	 * Seconds a client should wait before retrying an {@link ProblemKind#OVERLOADED}
	 * answer.
	 */
	public static final int RETRY_AFTER_SECONDS = 1;

	public Problem {
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(detail, "detail");
		extensions = Map.copyOf(extensions);
	}

	public Problem(ProblemKind kind, String detail) {
		this(kind, detail, Map.of());
	}

	public int status() {
		return this.kind.status();
	}

	/** The {@code Retry-After} header value in seconds, for kinds that set one. */
	public Optional<Integer> retryAfterSeconds() {
		return (this.kind == ProblemKind.OVERLOADED) ? Optional.of(RETRY_AFTER_SECONDS) : Optional.empty();
	}

	/**
	 * The JSON body: {@code type}, {@code title}, {@code status}, {@code detail}, then
	 * the extension members (sorted by name so both apps render the same bytes).
	 */
	public Map<String, Object> body() {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("type", this.kind.type());
		body.put("title", this.kind.title());
		body.put("status", this.kind.status());
		body.put("detail", this.detail);
		this.extensions.entrySet()
			.stream()
			.sorted(Map.Entry.comparingByKey())
			.forEach((entry) -> body.put(entry.getKey(), entry.getValue()));
		return body;
	}

}
