package dev.rvl.partner;

/**
 * Deterministic fraud score of a payment, computed with {@code long} arithmetic:
 * <ul>
 * <li>if customerId % 50 == 0: score = 90 + ((customerId / 50 + amountCents / 100) % 11)
 * (always 90..100)</li>
 * <li>else: score = (customerId * 7 + amountCents / 100) % 60 (always 0..59)</li>
 * </ul>
 * Requires customerId &ge; 1 and amountCents &ge; 0. The second case is evaluated modulo
 * 60 term by term, which gives the same result as the formula wherever
 * {@code customerId * 7} fits in a {@code long} and stays correct where it would
 * overflow.
 */
final class FraudScoring {

	private FraudScoring() {
	}

	/**
	 * Scores a payment.
	 * @param customerId the customer, at least 1
	 * @param amountCents the amount in cents, at least 0
	 * @return the score, 90..100 for every 50th customer, 0..59 for everyone else
	 */
	static int score(long customerId, long amountCents) {
		if (customerId < 1 || amountCents < 0) {
			throw new IllegalArgumentException("customerId must be >= 1 and amountCents >= 0");
		}
		long amountUnits = amountCents / 100;
		if (customerId % 50 == 0) {
			return (int) (90 + (customerId / 50 + amountUnits) % 11);
		}
		return (int) (((customerId % 60) * 7 + amountUnits % 60) % 60);
	}

}
