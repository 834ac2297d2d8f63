package dev.rvl.domain.order;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.rvl.domain.problem.Problems;

/**
 * Size limits and query parameters of the API.
 */
public final class Limits {

	/** The largest order body, and the longest bulk line, in bytes (64 KiB). */
	public static final int MAX_BODY_BYTES = 64 * 1024;

	public static final int DEFAULT_LIST_LIMIT = 20;

	public static final int MAX_LIST_LIMIT = 100;

	private static final String LIMIT = "limit";

	private Limits() {
	}

	/**
	 * The {@code limit} query parameter of the order list: absent means 20; otherwise an
	 * integer from 1 to 100.
	 * @throws dev.rvl.domain.problem.ProblemException a {@code validation} problem on
	 * field {@code limit}
	 */
	public static int listLimit(String limit) {
		if (limit == null) {
			return DEFAULT_LIST_LIMIT;
		}
		try {
			int value = Integer.parseInt(limit.strip());
			if (value >= 1 && value <= MAX_LIST_LIMIT) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw Problems.validation(LIMIT, "must be an integer from 1 to " + MAX_LIST_LIMIT);
	}

	/**
	 * The {@code limit} of the order list from the request's raw (percent-encoded) query
	 * string, parsed the same way in both apps rather than by each server: parameters
	 * other than {@code limit}, and pieces without a name ({@code ?=true}), are ignored;
	 * {@code limit} given twice, without a value or with one that is not an integer from
	 * 1 to 100 is a {@code validation} problem.
	 * @param rawQuery the query string as sent, or {@code null} for none
	 * @throws dev.rvl.domain.problem.ProblemException a {@code validation} problem on
	 * field {@code limit}
	 */
	public static int listLimitOfQuery(String rawQuery) {
		List<String> values = new ArrayList<>();
		for (String piece : (rawQuery != null) ? rawQuery.split("&") : new String[0]) {
			int equals = piece.indexOf('=');
			String name = decode((equals < 0) ? piece : piece.substring(0, equals));
			if (LIMIT.equals(name)) {
				values.add((equals < 0) ? "" : decode(piece.substring(equals + 1)));
			}
		}
		if (values.size() > 1) {
			throw Problems.validation(LIMIT, "must be given once");
		}
		return listLimit(values.isEmpty() ? null : values.get(0));
	}

	private static String decode(String encoded) {
		try {
			return URLDecoder.decode(encoded, StandardCharsets.UTF_8);
		}
		catch (IllegalArgumentException ex) {
			throw Problems.validation(LIMIT, "the query string is not valid percent-encoding");
		}
	}

	/**
	 * A customer id from a path: a positive integer.
	 * @throws dev.rvl.domain.problem.ProblemException a {@code validation} problem on
	 * field {@code customerId}
	 */
	public static long customerId(String id) {
		try {
			long value = Long.parseLong(id);
			if (value >= 1) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw Problems.validation("customerId", "must be a positive integer");
	}

}
