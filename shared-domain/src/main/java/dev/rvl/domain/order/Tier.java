package dev.rvl.domain.order;

/**
 * Customer tiers and the discount each earns, in basis points (1 bp = 0.01 %).
 */
public enum Tier {

	STANDARD(0), SILVER(500), GOLD(1000);

	private final int discountBasisPoints;

	Tier(int discountBasisPoints) {
		this.discountBasisPoints = discountBasisPoints;
	}

	public int discountBasisPoints() {
		return this.discountBasisPoints;
	}

}
