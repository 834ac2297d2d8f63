package dev.rvl.domain.order;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

import dev.rvl.domain.problem.Problems;

/**
 * Order ids and timestamps. Ids are time-ordered UUIDs (version 7) drawn from
 * {@link ThreadLocalRandom}, which never blocks (a {@code SecureRandom} may read
 * {@code /dev/random} on an event loop).
 */
public final class OrderIds {

	private static final Pattern CANONICAL_UUID = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	private static final DateTimeFormatter MILLIS_UTC = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
		.withZone(ZoneOffset.UTC);

	private OrderIds() {
	}

	/** A new version-7 UUID whose first 48 bits are the clock's milliseconds. */
	public static UUID newId(Clock clock) {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		long msb = (clock.millis() << 16) | 0x7000L | (random.nextLong() & 0x0FFFL);
		long lsb = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
		return new UUID(msb, lsb);
	}

	/** The clock's time truncated to milliseconds, the precision stored and shown. */
	public static OffsetDateTime now(Clock clock) {
		return OffsetDateTime.ofInstant(clock.instant().truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
	}

	/**
	 * An order id from a path.
	 * @throws dev.rvl.domain.problem.ProblemException a {@code validation} problem on
	 * field {@code id} unless it is a UUID in canonical form
	 */
	public static UUID parse(String id) {
		if (id == null || !CANONICAL_UUID.matcher(id).matches()) {
			throw Problems.validation("id", "must be a UUID");
		}
		return UUID.fromString(id);
	}

	/** ISO-8601 UTC with exactly three fraction digits and a {@code Z}. */
	public static String format(OffsetDateTime time) {
		return MILLIS_UTC.format(time.toInstant());
	}

	/** ISO-8601 UTC with exactly three fraction digits and a {@code Z}. */
	public static String format(Instant time) {
		return MILLIS_UTC.format(time);
	}

}
