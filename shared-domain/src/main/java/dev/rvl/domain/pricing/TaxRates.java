package dev.rvl.domain.pricing;

import java.util.Map;

/**
 * VAT / sales tax by customer country, in basis points.
 */
public final class TaxRates {

	private static final Map<String, Integer> BASIS_POINTS = Map.of("DE", 1900, "FR", 2000, "NL", 2100, "ES", 2100,
			"IT", 2200, "PL", 2300, "GB", 2000, "US", 0);

	private TaxRates() {
	}

	/**
	 * The tax rate of a country.
	 * @throws IllegalArgumentException for a country outside the table (the seed uses
	 * none)
	 */
	public static int basisPoints(String country) {
		Integer rate = BASIS_POINTS.get(country);
		if (rate == null) {
			throw new IllegalArgumentException("No tax rate for country " + country);
		}
		return rate;
	}

	/** The countries with a tax rate, which the seed data uses. */
	public static java.util.Set<String> countries() {
		return BASIS_POINTS.keySet();
	}

}
