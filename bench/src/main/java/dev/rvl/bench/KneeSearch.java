package dev.rvl.bench;

import java.nio.file.Path;
import java.util.OptionalDouble;

/**
 * Knee by search: the stairs only say that the knee lies between the last level held and
 * the first that failed (100 and 200 orders/s apart, say). After the stairs, the runner
 * bisects that interval with short probes at one constant rate each - same app, still
 * warm, settled between probes - until the bracket is within {@value #PRECISION_PERCENT}
 * % of the level held, or {@value #MAX_PROBES} probes were made.
 */
final class KneeSearch {

	static final int PRECISION_PERCENT = 5;

	static final int MAX_PROBES = 4;

	private KneeSearch() {
	}

	/**
	 * The next rate to probe between a held and a failing rate, or empty when they are
	 * close enough.
	 */
	static OptionalDouble next(double held, double failing) {
		if (failing - held <= held * PRECISION_PERCENT / 100.0) {
			return OptionalDouble.empty();
		}
		return OptionalDouble.of(Math.round((held + failing) / 2));
	}

	/**
	 * One probe of the search.
	 *
	 * @param offered the rate probed
	 * @param directory where its Gatling time series and report are
	 * @param recording what Gatling recorded, or {@code null} if it wrote nothing
	 * @param held whether it passed the knee's rules
	 */
	record Probe(double offered, Path directory, Recording recording, boolean held) {
	}

}
