package dev.rvl.contract;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import dev.rvl.domain.problem.ProblemKind;

/**
 * Generated bad (and some good) input for the API, from a fixed seed so a failure can be
 * replayed: random text, random JSON, valid orders with one part mutated, truncated
 * orders, and garbage in paths, query strings, content types and idempotency keys.
 */
public final class BadInput {

	/** The seed of the generated cases; a failing case prints itself. */
	public static final long SEED = 20261122L;

	private static final String ORDER = "{\"customerId\": 42, \"lines\": [{\"sku\": \"SKU-00017\", \"quantity\": 2}]}";

	private final SplittableRandom random;

	private BadInput(long seed) {
		this.random = new SplittableRandom(seed);
	}

	/**
	 * One generated request.
	 *
	 * @param method {@code GET} or {@code POST}
	 * @param path path and query, URL-encoded
	 * @param contentType the {@code Content-Type}, or {@code null} for none
	 * @param idempotencyKey an {@code Idempotency-Key}, or {@code null}
	 * @param body the body ({@code ""} for none)
	 */
	public record Case(String method, String path, String contentType, String idempotencyKey, String body) {
	}

	/** {@code count} cases: 60 % order bodies, 20 % order ids, 20 % list queries. */
	public static Stream<Case> cases(int count) {
		BadInput input = new BadInput(SEED);
		return Stream.generate(input::next).limit(count);
	}

	/** The problem types of the catalogue, as rendered. */
	public static List<String> documentedTypes() {
		return Stream.of(ProblemKind.values()).map(ProblemKind::type).toList();
	}

	Case next() {
		int kind = this.random.nextInt(10);
		if (kind < 6) {
			return new Case("POST", "/api/orders", contentType(), idempotencyKey(), body());
		}
		if (kind < 8) {
			return new Case("GET", "/api/orders/" + pathSegment(), null, null, "");
		}
		String customer = this.random.nextBoolean() ? Long.toString(this.random.nextLong(-5, 20_000)) : pathSegment();
		String limit = switch (this.random.nextInt(3)) {
			case 0 -> Integer.toString(this.random.nextInt(-5, 200));
			case 1 -> pathSegment();
			default -> "";
		};
		return new Case("GET", "/api/customers/" + customer + "/orders?limit=" + limit, null, null, "");
	}

	String contentType() {
		int pick = this.random.nextInt(25);
		if (pick < 20) {
			return "application/json";
		}
		return List.of("text/plain", "application/xml", "application/x-ndjson", "application/json; charset=utf-8")
			.get(pick - 20 < 4 ? pick - 20 : 0);
	}

	String idempotencyKey() {
		return (this.random.nextInt(4) == 0) ? text(' ', '~', 80) : null;
	}

	/** Mostly a valid order with something wrong, some pure noise. */
	String body() {
		return switch (this.random.nextInt(10)) {
			case 0 -> text('\u0001', '\u024f', 200);
			case 1, 2 -> json(3);
			case 3 -> ORDER.substring(0, this.random.nextInt(ORDER.length()));
			default -> mutatedOrder();
		};
	}

	String mutatedOrder() {
		String customerId = switch (this.random.nextInt(3)) {
			case 0 -> Long.toString(this.random.nextLong(1, 10_050));
			case 1 -> json(1);
			default -> pick("0", "-1", "1.5", "1e3", "99999999999999999999", "\"42\"", "null", "true");
		};
		String lines;
		if (this.random.nextInt(5) == 0) {
			lines = json(2);
		}
		else {
			List<String> items = new ArrayList<>();
			int count = this.random.nextInt(56);
			for (int i = 0; i < count; i++) {
				items.add("{\"sku\": " + sku() + ", \"quantity\": " + quantity() + "}");
			}
			lines = "[" + String.join(",", items) + "]";
		}
		String extra = this.random.nextBoolean() ? "" : ", " + quoted(text('a', 'z', 8)) + ": " + json(2);
		return "{\"customerId\": " + customerId + ", \"lines\": " + lines + extra + "}";
	}

	String sku() {
		return switch (this.random.nextInt(3)) {
			case 0 -> "\"SKU-%05d\"".formatted(this.random.nextInt(0, 1_100));
			case 1 -> json(1);
			default -> quoted(text(' ', '\u024f', 12));
		};
	}

	String quantity() {
		return switch (this.random.nextInt(3)) {
			case 0 -> Integer.toString(this.random.nextInt(-3, 120));
			case 1 -> json(1);
			default -> pick("2.5", "\"3\"", "null", "1e2", "2147483648");
		};
	}

	/** A random JSON value up to a nesting depth. */
	String json(int depth) {
		int shape = this.random.nextInt((depth > 0) ? 7 : 5);
		return switch (shape) {
			case 0 -> "null";
			case 1 -> Boolean.toString(this.random.nextBoolean());
			case 2 -> Integer.toString(this.random.nextInt());
			case 3 -> Double.toString(this.random.nextDouble(-1e12, 1e12));
			case 4 -> quoted(text(' ', '\u024f', 20));
			case 5 -> {
				List<String> items = new ArrayList<>();
				for (int i = this.random.nextInt(5); i > 0; i--) {
					items.add(json(depth - 1));
				}
				yield "[" + String.join(",", items) + "]";
			}
			default -> {
				List<String> members = new ArrayList<>();
				for (int i = this.random.nextInt(5); i > 0; i--) {
					members.add(quoted(text(' ', 'z', 8)) + ":" + json(depth - 1));
				}
				yield "{" + String.join(",", members) + "}";
			}
		};
	}

	String pathSegment() {
		return URLEncoder.encode(text(' ', '\u024f', 40), StandardCharsets.UTF_8).replace("+", "%20");
	}

	String text(char from, char to, int maxLength) {
		StringBuilder text = new StringBuilder();
		for (int i = this.random.nextInt(maxLength + 1); i > 0; i--) {
			text.append((char) this.random.nextInt(from, to + 1));
		}
		return text.toString();
	}

	String pick(String... values) {
		return values[this.random.nextInt(values.length)];
	}

	static String quoted(String text) {
		StringBuilder json = new StringBuilder("\"");
		for (char c : text.toCharArray()) {
			if (c == '"' || c == '\\') {
				json.append('\\').append(c);
			}
			else if (c < 0x20) {
				json.append("\\u%04x".formatted((int) c));
			}
			else {
				json.append(c);
			}
		}
		return json.append('"').toString();
	}

}
