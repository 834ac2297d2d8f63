package dev.rvl.domain.order;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import dev.rvl.domain.problem.Problems;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads an order request from JSON the same way in both apps: unknown fields are ignored,
 * a missing or mistyped value becomes {@code null} for the validator to report, and only
 * a body that is not a JSON object of the expected shape is {@code malformed-body}.
 */
public final class OrderRequestReader {

	private static final ObjectMapper MAPPER = JsonMapper.builder()
		.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
		.build();

	private OrderRequestReader() {
	}

	/**
	 * Reads at most {@link Limits#MAX_BODY_BYTES} from a request body.
	 * @throws dev.rvl.domain.problem.ProblemException {@code payload-too-large} or
	 * {@code malformed-body} (also when the body cannot be read to its end)
	 */
	public static PlaceOrderRequest read(InputStream body) {
		try {
			byte[] bytes = body.readNBytes(Limits.MAX_BODY_BYTES + 1);
			if (bytes.length > Limits.MAX_BODY_BYTES) {
				throw Problems.payloadTooLarge(Limits.MAX_BODY_BYTES);
			}
			return read(bytes);
		}
		catch (IOException ex) {
			throw Problems.incompleteBody();
		}
	}

	/**
	 * Reads one order from JSON bytes (an order body or one bulk line).
	 * @throws dev.rvl.domain.problem.ProblemException {@code malformed-body}
	 */
	public static PlaceOrderRequest read(byte[] json) {
		JsonNode root = parse(json);
		if (!root.isObject()) {
			throw Problems.malformedBody("The request body must be a JSON object");
		}
		return new PlaceOrderRequest(longOrNull(root.get("customerId")), lines(root.get("lines")));
	}

	private static JsonNode parse(byte[] json) {
		if (isBlank(json)) {
			throw Problems.malformedBody("The request body is empty");
		}
		try {
			return MAPPER.readTree(json);
		}
		catch (JacksonException ex) {
			throw Problems.malformedBody("The request body is not valid JSON");
		}
	}

	private static List<OrderLineRequest> lines(JsonNode lines) {
		if (lines == null || lines.isNull()) {
			return null;
		}
		if (!lines.isArray()) {
			throw Problems.malformedBody("lines must be a JSON array");
		}
		List<OrderLineRequest> result = new ArrayList<>(lines.size());
		for (int i = 0; i < lines.size(); i++) {
			JsonNode line = lines.get(i);
			if (!line.isObject()) {
				throw Problems.malformedBody("lines[" + i + "] must be a JSON object");
			}
			JsonNode sku = line.get("sku");
			result.add(new OrderLineRequest((sku != null && sku.isString()) ? sku.stringValue() : null,
					intOrNull(line.get("quantity"))));
		}
		return result;
	}

	private static Long longOrNull(JsonNode node) {
		return (node != null && node.isIntegralNumber() && node.canConvertToLong()) ? node.longValue() : null;
	}

	private static Integer intOrNull(JsonNode node) {
		return (node != null && node.isIntegralNumber() && node.canConvertToInt()) ? node.intValue() : null;
	}

	private static boolean isBlank(byte[] json) {
		for (byte b : json) {
			if (!Character.isWhitespace(b)) {
				return false;
			}
		}
		return true;
	}

}
