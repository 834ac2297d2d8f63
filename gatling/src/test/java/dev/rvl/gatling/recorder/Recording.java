package dev.rvl.gatling.recorder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import dev.rvl.gatling.profile.LoadProfile;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * Connects the simulations to the {@link TimeSeriesRecorder}: a request wrapped with
 * {@link #recorded} stamps its start in the session, captures status and response time
 * with two checks that never fail (so they are saved even when a later check fails), and
 * records the outcome right after the response. Gatling itself writes no machine-readable
 * statistics; this is what the comparison runner reads.
 */
public final class Recording {

	/** Session key of a bulk request's count of created orders. */
	public static final String ITEMS = "recording.items";

	private static final String STARTED = "recording.started";

	private static final String STATUS = "recording.status";

	private static final String LATENCY = "recording.latency";

	private static volatile TimeSeriesRecorder recorder;

	private static volatile long requestTimeoutMs = 10_000;

	private Recording() {
	}

	/** Starts a recording; called from the simulation's {@code before()}. */
	public static void begin(long timeoutMs) {
		requestTimeoutMs = timeoutMs;
		recorder = new TimeSeriesRecorder();
	}

	/** Writes the recording; called from the simulation's {@code after()}. */
	public static void end(Path csv, String simulation, LoadProfile profile) {
		TimeSeriesRecorder finished = recorder;
		recorder = null;
		if (finished == null) {
			return;
		}
		try {
			TimeSeriesFiles.write(csv, simulation, profile, finished);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write the time series to " + csv, ex);
		}
	}

	/** The two capturing checks; endpoints list them first. */
	public static CheckBuilder[] captures() {
		return new CheckBuilder[] { status().saveAs(STATUS), responseTimeInMillis().saveAs(LATENCY) };
	}

	/** The request between a start stamp and a recording step. */
	public static ChainBuilder recorded(String name, HttpRequestActionBuilder request) {
		return exec(Recording::started).exec(request).exec((session) -> finished(session, name));
	}

	private static Session started(Session session) {
		long now = System.currentTimeMillis();
		TimeSeriesRecorder current = recorder;
		if (current != null) {
			current.startIfFirst(now);
		}
		return session.set(STARTED, now);
	}

	private static Session finished(Session session, String name) {
		TimeSeriesRecorder current = recorder;
		if (current != null) {
			long now = System.currentTimeMillis();
			long started = session.getLong(STARTED);
			boolean answered = session.contains(LATENCY);
			long latency = answered ? session.getInt(LATENCY) : now - started;
			long start = answered ? now - latency : started;
			int items = session.contains(ITEMS) ? session.getInt(ITEMS) : 0;
			String status = statusOf(session, latency);
			current.record(TimeSeriesRecorder.named(name, status), start, latency, !session.isFailed(), status, items);
		}
		// Every request is judged on its own: a failed one must not mark the next one.
		return session.removeAll(STARTED, STATUS, LATENCY, ITEMS).markAsSucceeded();
	}

	/**
	 * Status code, or why there is none: no answer within the request timeout, or I/O.
	 */
	private static String statusOf(Session session, long latency) {
		if (session.contains(STATUS)) {
			return Integer.toString(session.getInt(STATUS));
		}
		return (latency >= requestTimeoutMs * 0.95) ? "timeout" : "io-error";
	}

}
