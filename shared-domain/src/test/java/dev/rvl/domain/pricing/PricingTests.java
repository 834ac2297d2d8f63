package dev.rvl.domain.pricing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.rvl.domain.order.Customer;
import dev.rvl.domain.order.OrderDraft;
import dev.rvl.domain.order.OrderLine;
import dev.rvl.domain.order.Product;
import dev.rvl.domain.order.Tier;
import dev.rvl.domain.order.ValidatedOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PricingTests {

	/**
	 * Every rule and rounding edge, computed by hand. Lines are
	 * {@code unitPriceCents x quantity} separated by {@code ;}.
	 */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					# case                                    | tier     | country | lines              | quote | subtotal | discount | shipping | tax  | total
					standard customer pays quote and DE tax   | STANDARD | DE      | 1000x2             | 499   | 2000     | 0        | 499      | 475  | 2974
					silver 5 % of 10 cents rounds half to 0   | SILVER   | FR      | 10x1               | 599   | 10       | 0        | 599      | 122  | 731
					silver 5 % of 50 cents rounds 2.5 to 2    | SILVER   | US      | 50x1               | 100   | 50       | 2        | 100      | 0    | 148
					silver 5 % of 30 cents rounds 1.5 to 2    | SILVER   | US      | 30x1               | 100   | 30       | 2        | 100      | 0    | 128
					silver 5 % of 70 cents rounds 3.5 to 4    | SILVER   | US      | 70x1               | 100   | 70       | 4        | 100      | 0    | 166
					gold and volume rates add, not compound   | GOLD     | DE      | 1000x10            | 499   | 10000    | 1200     | 499      | 1767 | 11066
					volume rate from 10 units over all lines  | STANDARD | US      | 100x4;100x6        | 300   | 1000     | 20       | 300      | 0    | 1280
					no volume rate at 9 units                 | STANDARD | US      | 100x4;100x5        | 300   | 900      | 0        | 300      | 0    | 1200
					free shipping at exactly 100.00           | STANDARD | US      | 10000x1            | 999   | 10000    | 0        | 0        | 0    | 10000
					shipping charged at 99.99                 | STANDARD | US      | 9999x1             | 999   | 9999     | 0        | 999      | 0    | 10998
					free shipping judged after discount       | GOLD     | US      | 11000x1            | 999   | 11000    | 1100     | 999      | 0    | 10899
					free shipping after discount when enough  | GOLD     | GB      | 11200x1            | 999   | 11200    | 1120     | 0        | 2016 | 12096
					tax on discounted subtotal plus shipping  | SILVER   | PL      | 2000x1             | 399   | 2000     | 100      | 399      | 529  | 2828
					NL tax 10.5 cents rounds half to 10       | STANDARD | NL      | 50x1               | 0     | 50       | 0        | 0        | 10   | 60
					ES tax 31.5 cents rounds half to 32       | STANDARD | ES      | 150x1              | 0     | 150      | 0        | 0        | 32   | 182
					IT tax 22 %                               | STANDARD | IT      | 1234x3             | 699   | 3702     | 0        | 699      | 968  | 5369
					""")
	void pricesOrdersByTheRules(String name, Tier tier, String country, String lines, long quote, long subtotal,
			long discount, long shipping, long tax, long total) {
		PricingResult result = Pricing.price(draft(tier, country, lines), quotes(10, quote));

		assertThat(result).isInstanceOfSatisfying(PricingResult.Priced.class, (priced) -> {
			assertThat(priced.subtotalCents()).as("subtotal").isEqualTo(subtotal);
			assertThat(priced.discountCents()).as("discount").isEqualTo(discount);
			assertThat(priced.shippingCents()).as("shipping").isEqualTo(shipping);
			assertThat(priced.taxCents()).as("tax").isEqualTo(tax);
			assertThat(priced.totalCents()).as("total").isEqualTo(total);
			assertThat(priced.totalCents()).isEqualTo(subtotal - discount + shipping + tax);
			assertThat(priced.carrier()).isEqualTo("Carrier");
			assertThat(priced.fraudScore()).isEqualTo(10);
		});
	}

	@ParameterizedTest(name = "score {0} rejected: {1}")
	@CsvSource({ "0, false", "59, false", "79, false", "80, true", "90, true", "100, true" })
	void rejectsOrdersScoringEightyOrMore(int score, boolean rejected) {
		PricingResult result = Pricing.price(draft(Tier.STANDARD, "DE", "1000x1"), quotes(score, 499));

		if (rejected) {
			assertThat(result).isEqualTo(new PricingResult.FraudRejected(score));
		}
		else {
			assertThat(result).isInstanceOf(PricingResult.Priced.class);
		}
	}

	@ParameterizedTest(name = "{0}: {1} bp")
	@CsvSource({ "DE, 1900", "FR, 2000", "NL, 2100", "ES, 2100", "IT, 2200", "PL, 2300", "GB, 2000", "US, 0" })
	void taxesByCountry(String country, int basisPoints) {
		assertThat(TaxRates.basisPoints(country)).isEqualTo(basisPoints);
	}

	@Test
	void refusesCountriesWithoutATaxRate() {
		assertThatIllegalArgumentException().isThrownBy(() -> TaxRates.basisPoints("CH")).withMessageContaining("CH");
	}

	@ParameterizedTest(name = "{0} cents at {1} bp = {2}")
	@CsvSource({ "5, 1000, 0", "15, 1000, 2", "25, 1000, 2", "35, 1000, 4", "-25, 1000, -2", "1, 5000, 0", "3, 5000, 2",
			"123456789, 1900, 23456790" })
	void roundsHalfToEven(long cents, int basisPoints, long expected) {
		assertThat(Pricing.percentOf(cents, basisPoints)).isEqualTo(expected);
	}

	static OrderDraft draft(Tier tier, String country, String lines) {
		List<OrderLine> orderLines = new ArrayList<>();
		List<Product> products = new ArrayList<>();
		for (String line : lines.split(";")) {
			String[] parts = line.split("x");
			String sku = String.format("SKU-%05d", orderLines.size() + 1);
			orderLines.add(new OrderLine(sku, Integer.parseInt(parts[1])));
			products.add(new Product(sku, "Product", Long.parseLong(parts[0]), 100, 500));
		}
		Customer customer = new Customer(7, "Customer 7", "c7@example.com", tier, country);
		return OrderDraft.of(new ValidatedOrder(7, orderLines, Optional.empty()), customer, products);
	}

	static PartnerQuotes quotes(int score, long shippingCents) {
		return new PartnerQuotes(new FraudScore(score), new ShippingQuote("Carrier", shippingCents, 2));
	}

}
