package dev.rvl.gatling.endpoints;

import dev.rvl.gatling.recorder.Recording;
import dev.rvl.gatling.scenarios.BulkFeeder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.bodyString;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/** Request builder of the bulk ingest endpoint. */
public final class BulkEndpoints {

	/** Request name: in Gatling's report and in the recorded time series. */
	public static final String BULK_INGEST = "bulk-ingest";

	private BulkEndpoints() {
	}

	/**
	 * {@code POST /api/orders/bulk} with an NDJSON body: 200, NDJSON, one result line per
	 * input line, and every order created except the fraud-rejected ones (the count is
	 * recorded as the request's items).
	 */
	public static HttpRequestActionBuilder ingest() {
		return http(BULK_INGEST).post("/api/orders/bulk")
			.header("Content-Type", "application/x-ndjson")
			.header("Accept", "application/x-ndjson")
			.body(StringBody("#{" + BulkFeeder.BODY + "}"))
			.check(Recording.captures())
			.check(status().is(200),
					header("Content-Type").transform((type) -> type.startsWith("application/x-ndjson")).is(true),
					bodyString().transform(BulkEndpoints::resultLines)
						.is((session) -> session.getInt(BulkFeeder.LINES)),
					bodyString().transform(BulkEndpoints::created).saveAs(Recording.ITEMS),
					bodyString().transform(BulkEndpoints::created)
						.is((session) -> session.getInt(BulkFeeder.EXPECTED_CREATED)));
	}

	static int resultLines(String body) {
		return (int) body.lines().filter((line) -> !line.isBlank()).count();
	}

	static int created(String body) {
		return (int) body.lines().filter((line) -> line.contains("\"status\":201")).count();
	}

}
