package dev.rvl.domain.bulk;

import java.util.Arrays;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.databind.ObjectMapper;

import dev.rvl.domain.problem.Problem;

/**
 * One line of a bulk response: {@code {"index":0,"status":201,"orderId":"…"}} or
 * {@code {"index":1,"status":422,"problem":{…}}}.
 *
 * @param index the 0-based index of the input line
 * @param status the HTTP status the order would have had on its own
 * @param orderId the new order's id, for 201
 * @param problem the problem body, otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BulkResult(int index, int status, String orderId, Map<String, Object> problem) {

	public static BulkResult created(int index, String orderId) {
		return new BulkResult(index, 201, orderId, null);
	}

	public static BulkResult failed(int index, Problem problem) {
		return new BulkResult(index, problem.status(), null, problem.body());
	}

	/**
	 * This result as the app writes it: its JSON and a newline, one array (both apps
	 * write it as is; the reactive app wraps it, holding no pooled buffer).
	 * @param json the app's mapper
	 * @return the line's bytes
	 */
	public byte[] toLine(ObjectMapper json) {
		byte[] body = json.writeValueAsBytes(this);
		byte[] line = Arrays.copyOf(body, body.length + 1);
		line[body.length] = '\n';
		return line;
	}

}
