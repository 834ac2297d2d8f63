package dev.rvl.domain.seed;

import java.util.List;
import java.util.Locale;

import dev.rvl.domain.order.Tier;

/**
 * The seed of {@code db/migration/V2__seed.sql} stated in Java, for load generators and
 * tests that need to know the data without asking the database. A test checks both agree.
 */
public final class SeedData {

	public static final int CUSTOMERS = 10_000;

	public static final int PRODUCTS = 1_000;

	public static final int INITIAL_STOCK = 1_000_000;

	private static final List<String> COUNTRIES = List.of("DE", "FR", "NL", "ES", "IT", "PL", "GB", "US");

	private SeedData() {
	}

	public static Tier tier(long customerId) {
		long digit = customerId % 10;
		if (digit == 0) {
			return Tier.GOLD;
		}
		return (digit == 3 || digit == 6) ? Tier.SILVER : Tier.STANDARD;
	}

	public static String country(long customerId) {
		return COUNTRIES.get((int) (customerId % COUNTRIES.size()));
	}

	/** The SKU of product {@code n} (1-based), e.g. {@code SKU-00017}. */
	public static String sku(int n) {
		return String.format(Locale.ROOT, "SKU-%05d", n);
	}

	/**
	 * How many lines order number {@code index} of a generated load has: one to three.
	 */
	public static int lineCount(long index) {
		return 1 + (int) Math.floorMod(index, 3L);
	}

	/**
	 * The SKU of line {@code k} (0 to 2) of a generated order whose first product is
	 * drawn at {@code first}: the lines are 337 products apart, so an order never names a
	 * SKU twice.
	 */
	public static String lineSku(long first, int k) {
		return sku(1 + (int) Math.floorMod(first + k * 337L, PRODUCTS));
	}

	public static long priceCents(int n) {
		return 199 + (n * 7919L) % 20_000;
	}

	public static int weightGrams(int n) {
		return 50 + (n * 131) % 4950;
	}

	/**
	 * Whether the partner stub always rejects this customer's orders (fraud score of 90
	 * or more: every 50th customer).
	 */
	public static boolean alwaysFraudRejected(long customerId) {
		return customerId % 50 == 0;
	}

}
