package dev.rvl.domain.order;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An order request that passed validation.
 *
 * @param customerId the customer placing the order
 * @param lines the lines, in request order, no SKU twice
 * @param idempotencyKey the client's {@code Idempotency-Key}, if it sent one
 */
public record ValidatedOrder(long customerId, List<OrderLine> lines, Optional<String> idempotencyKey) {

	public ValidatedOrder {
		lines = List.copyOf(lines);
	}

	/** The SKUs of the lines, in request order. */
	public List<String> skus() {
		return this.lines.stream().map(OrderLine::sku).toList();
	}

	/**
	 * SHA-256 of the canonical form of what makes two requests "the same": the customer
	 * and the same lines in the same order. Stored with an idempotency key to tell a
	 * replay from a reuse.
	 */
	public String requestHash() {
		String canonical = this.customerId + "|"
				+ this.lines.stream()
					.map((line) -> line.sku() + "x" + line.quantity())
					.collect(Collectors.joining(","));
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is required by every JDK", ex);
		}
	}

}
