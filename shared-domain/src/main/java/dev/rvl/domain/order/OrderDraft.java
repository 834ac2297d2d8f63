package dev.rvl.domain.order;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.rvl.domain.problem.Problems;

/**
 * A validated order joined with its customer and product rows: what the partner calls and
 * the pricing rules need.
 *
 * @param order the validated request
 * @param customer the customer placing it
 * @param lines the lines with their unit prices and weights, in request order
 */
public record OrderDraft(ValidatedOrder order, Customer customer, List<DraftLine> lines) {

	public OrderDraft {
		lines = List.copyOf(lines);
	}

	/**
	 * Joins a validated order with the rows read for it.
	 * @param order the validated request
	 * @param customer its customer
	 * @param products the products found for the order's SKUs (in any order)
	 * @throws dev.rvl.domain.problem.ProblemException {@code unknown-sku} listing every
	 * SKU without a product
	 */
	public static OrderDraft of(ValidatedOrder order, Customer customer, Collection<Product> products) {
		Map<String, Product> bySku = products.stream().collect(Collectors.toMap(Product::sku, Function.identity()));
		List<String> unknown = order.skus().stream().filter((sku) -> !bySku.containsKey(sku)).toList();
		if (!unknown.isEmpty()) {
			throw Problems.unknownSkus(unknown);
		}
		List<DraftLine> lines = new ArrayList<>();
		for (OrderLine line : order.lines()) {
			Product product = bySku.get(line.sku());
			lines.add(new DraftLine(lines.size() + 1, line.sku(), line.quantity(), product.priceCents(),
					product.weightGrams()));
		}
		return new OrderDraft(order, customer, lines);
	}

	/** Sum of the line totals, before any discount. */
	public long subtotalCents() {
		return this.lines.stream().mapToLong(DraftLine::lineTotalCents).sum();
	}

	/** Total shipping weight: the sum of unit weight times quantity. */
	public long weightGrams() {
		return this.lines.stream().mapToLong((line) -> (long) line.unitWeightGrams() * line.quantity()).sum();
	}

	/** Units over all lines. */
	public int totalQuantity() {
		return this.lines.stream().mapToInt(DraftLine::quantity).sum();
	}

	/** What the fraud partner is asked to score: the subtotal before discounts. */
	public FraudCheck fraudCheck() {
		return new FraudCheck(this.customer.id(), subtotalCents());
	}

	/** What the shipping partner is asked to quote. */
	public ShippingRequest shippingRequest() {
		return new ShippingRequest(this.customer.country(), weightGrams());
	}

	/**
	 * One line of a draft.
	 *
	 * @param lineNo 1-based position in the request
	 * @param sku the SKU
	 * @param quantity units
	 * @param unitPriceCents price per unit
	 * @param unitWeightGrams weight per unit
	 */
	public record DraftLine(int lineNo, String sku, int quantity, long unitPriceCents, int unitWeightGrams) {

		public long lineTotalCents() {
			return this.unitPriceCents * this.quantity;
		}

	}

	/**
	 * The fraud partner's input.
	 *
	 * @param customerId the customer
	 * @param amountCents the subtotal before discounts
	 */
	public record FraudCheck(long customerId, long amountCents) {
	}

	/**
	 * The shipping partner's input.
	 *
	 * @param country the customer's country
	 * @param weightGrams the total weight
	 */
	public record ShippingRequest(String country, long weightGrams) {
	}

}
