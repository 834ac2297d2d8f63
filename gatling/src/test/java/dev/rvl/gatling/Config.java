package dev.rvl.gatling;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * Every knob of the simulations, read from system properties ({@code -Dname=value}) with
 * the defaults below. The comparison runner sets them; by hand:
 * {@code ./mvnw -pl gatling gatling:test -Dgatling.simulationClass=dev.rvl.gatling.StairsSimulation -DbaseUrl=http://127.0.0.1:8082 -Drate.to=200}.
 * <table>
 * <caption>Properties</caption>
 * <tr>
 * <td>baseUrl</td>
 * <td>the app under test (default {@code http://127.0.0.1:8081})</td>
 * </tr>
 * <tr>
 * <td>connections</td>
 * <td>{@code shared} (default): one keep-alive pool for all virtual users, as a gateway
 * in front of the app; {@code per-user}: a connection per virtual user</td>
 * </tr>
 * <tr>
 * <td>rate.from, rate.to, rate.steps</td>
 * <td>stairs and soak: arrival rate in orders/s</td>
 * </tr>
 * <tr>
 * <td>step.seconds, ramp.seconds, hold.seconds</td>
 * <td>how long each step is held, the ramp between steps, extra time at the top</td>
 * </tr>
 * <tr>
 * <td>users.from, users.to, users.steps</td>
 * <td>concurrency ramp (closed model)</td>
 * </tr>
 * <tr>
 * <td>spike.base, spike.peak, spike.seconds, spike.base.seconds</td>
 * <td>spike</td>
 * </tr>
 * <tr>
 * <td>lead.seconds</td>
 * <td>seconds at the first level before the first step, not measured</td>
 * </tr>
 * <tr>
 * <td>overload.knee</td>
 * <td>overload: the knee (orders/s) the levels are multiples of</td>
 * </tr>
 * <tr>
 * <td>soak.seconds</td>
 * <td>soak duration at rate.to</td>
 * </tr>
 * <tr>
 * <td>bulk.streams.from, bulk.streams.to, bulk.lines</td>
 * <td>bulk ingest: concurrent bulk requests, orders per request</td>
 * </tr>
 * <tr>
 * <td>assertions, slo.p99.ms, max.failed.percent</td>
 * <td>Gatling assertions (off with {@code -Dassertions=false})</td>
 * </tr>
 * <tr>
 * <td>bench.timeseries</td>
 * <td>where the recorder writes its CSV (default
 * {@code target/gatling-timeseries/<simulation>.csv})</td>
 * </tr>
 * <tr>
 * <td>gatling.http.requestTimeout</td>
 * <td>request timeout in ms (default 10000, see gatling.conf)</td>
 * </tr>
 * </table>
 */
final class Config {

	private Config() {
	}

	static String baseUrl() {
		return string("baseUrl", "http://127.0.0.1:8081");
	}

	/**
	 * Whether the virtual users share one pool of keep-alive connections (a gateway in
	 * front of the app) rather than each opening its own (browsers).
	 */
	static boolean sharedConnections() {
		String connections = string("connections", "shared");
		return switch (connections) {
			case "shared" -> true;
			case "per-user" -> false;
			default -> throw new IllegalArgumentException("connections must be shared or per-user: " + connections);
		};
	}

	static double rateFrom() {
		return number("rate.from", 10);
	}

	static double rateTo() {
		return number("rate.to", 50);
	}

	static int rateSteps() {
		return (int) number("rate.steps", 5);
	}

	static long stepSeconds() {
		return (long) number("step.seconds", 30);
	}

	static long rampSeconds() {
		return (long) number("ramp.seconds", 5);
	}

	static long holdSeconds() {
		return (long) number("hold.seconds", 0);
	}

	static int usersFrom() {
		return (int) number("users.from", 10);
	}

	static int usersTo() {
		return (int) number("users.to", 200);
	}

	static int usersSteps() {
		return (int) number("users.steps", 5);
	}

	static double spikeBase() {
		return number("spike.base", 20);
	}

	static double spikePeak() {
		return number("spike.peak", 200);
	}

	static long spikeSeconds() {
		return (long) number("spike.seconds", 20);
	}

	static long spikeBaseSeconds() {
		return (long) number("spike.base.seconds", 30);
	}

	/** Seconds at the first level before the first step, not measured (default 0). */
	static long leadSeconds() {
		return (long) number("lead.seconds", 0);
	}

	static double overloadKnee() {
		return number("overload.knee", 100);
	}

	static long soakSeconds() {
		return (long) number("soak.seconds", 600);
	}

	static int bulkStreamsFrom() {
		return (int) number("bulk.streams.from", 1);
	}

	static int bulkStreamsTo() {
		return (int) number("bulk.streams.to", 4);
	}

	static int bulkLines() {
		return (int) number("bulk.lines", 200);
	}

	static boolean assertions() {
		return Boolean.parseBoolean(string("assertions", "true"));
	}

	static int sloP99Ms() {
		return (int) number("slo.p99.ms", 1000);
	}

	static double maxFailedPercent() {
		return number("max.failed.percent", 1.0);
	}

	static long requestTimeoutMs() {
		return (long) number("gatling.http.requestTimeout", 10_000);
	}

	/** How long past the planned end Gatling may run before it stops by itself. */
	static Duration grace() {
		return Duration.ofMillis(requestTimeoutMs()).plusSeconds(20);
	}

	static Path timeseries(Class<?> simulation) {
		String configured = string("bench.timeseries", "");
		if (!configured.isBlank()) {
			return Path.of(configured);
		}
		return Path.of("target", "gatling-timeseries", simulation.getSimpleName().toLowerCase(Locale.ROOT) + ".csv");
	}

	private static String string(String name, String defaultValue) {
		String value = System.getProperty(name);
		return (value == null || value.isBlank()) ? defaultValue : value.strip();
	}

	private static double number(String name, double defaultValue) {
		String value = string(name, "");
		if (value.isEmpty()) {
			return defaultValue;
		}
		try {
			return Double.parseDouble(value);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("-D" + name + " must be a number, was '" + value + "'", ex);
		}
	}

}
