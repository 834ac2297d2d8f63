package dev.rvl.partner;

import java.util.Map;

/**
 * Deterministic shipping quotes: costCents = base + perKg &times; ceil(weightGrams /
 * 1000).
 *
 * <pre>
 * country    carrier      base  perKg  days
 * DE         DHL           499     99     2
 * FR         Colissimo     599    109     3
 * NL         PostNL        499     89     2
 * ES         Correos       649    119     4
 * IT         BRT           699    129     4
 * PL         InPost        399     79     3
 * GB         Royal Mail    899    149     5
 * US         UPS          1499    199     7
 * any other  Global Post  1999    249    10
 * </pre>
 *
 * The country must be two letters A-Z and the weight at least one gram.
 */
final class ShippingRates {

	private static final Rate ELSEWHERE = new Rate("Global Post", 1999, 249, 10);

	private static final Map<String, Rate> BY_COUNTRY = Map.of( //
			"DE", new Rate("DHL", 499, 99, 2), //
			"FR", new Rate("Colissimo", 599, 109, 3), //
			"NL", new Rate("PostNL", 499, 89, 2), //
			"ES", new Rate("Correos", 649, 119, 4), //
			"IT", new Rate("BRT", 699, 129, 4), //
			"PL", new Rate("InPost", 399, 79, 3), //
			"GB", new Rate("Royal Mail", 899, 149, 5), //
			"US", new Rate("UPS", 1499, 199, 7));

	private ShippingRates() {
	}

	/**
	 * Quotes a parcel.
	 * @param country ISO country code, two letters A-Z
	 * @param weightGrams parcel weight, at least 1
	 * @return the carrier, cost and delivery time
	 */
	static ShippingQuote quote(String country, long weightGrams) {
		if (!isCountryCode(country) || weightGrams < 1) {
			throw new IllegalArgumentException("country must be two letters A-Z and weightGrams >= 1");
		}
		Rate rate = BY_COUNTRY.getOrDefault(country, ELSEWHERE);
		long kilograms = Math.ceilDiv(weightGrams, 1000);
		return new ShippingQuote(rate.carrier(), rate.baseCents() + rate.perKgCents() * kilograms, rate.days());
	}

	static boolean isCountryCode(String country) {
		return country.length() == 2 && isLetter(country.charAt(0)) && isLetter(country.charAt(1));
	}

	private static boolean isLetter(char c) {
		return c >= 'A' && c <= 'Z';
	}

	private record Rate(String carrier, long baseCents, long perKgCents, int days) {
	}

}
