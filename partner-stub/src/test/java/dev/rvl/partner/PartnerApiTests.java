package dev.rvl.partner;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rvl.partner.StubClient.Reply;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The partner endpoints answer deterministically, by formula and table, and refuse bad
 * parameters with 400.
 */
class PartnerApiTests extends StubHttpTests {

	@ParameterizedTest(name = "customer {0}, {1} cents -> score {2}")
	@CsvSource({ "1, 0, 7", "1, 99, 7", "1, 100, 8", "7, 12345, 52", "49, 0, 43", "51, 1000, 7",
			"123456789, 4999900, 22", "9223372036854775807, 0, 49", "50, 0, 91", "50, 900, 100", "50, 1000, 90",
			"100, 0, 92", "500, 999, 98", "550, 0, 90" })
	void fraudScoreFollowsTheFormula(long customerId, long amountCents, int expectedScore) throws Exception {
		Reply reply = this.stub.get(fraudPath(customerId, amountCents));
		assertThat(reply.status()).isEqualTo(200);
		assertThat(reply.contentType()).startsWith("application/json");
		assertThat(reply.json()).isEqualTo(StubClient.json("{\"score\": " + expectedScore + "}"));
	}

	@Test
	void everyFiftiethCustomerScoresNinetyOrMoreAndEveryOtherCustomerBelowSixty() throws Exception {
		long[] amounts = { 0, 99, 100, 4_999, 123_456, 10_000_000_000L };
		List<Long> customers = new ArrayList<>(LongStream.rangeClosed(1, 120).boxed().toList());
		customers.addAll(List.of(5_000L, 123_450L, 123_451L, 9_223_372_036_854_775_800L, Long.MAX_VALUE));
		List<long[]> inputs = new ArrayList<>();
		for (long customer : customers) {
			for (long amount : amounts) {
				inputs.add(new long[] { customer, amount });
			}
		}
		List<Reply> replies = this.stub.getAll(inputs.stream().map((in) -> fraudPath(in[0], in[1])).toList());
		for (int i = 0; i < inputs.size(); i++) {
			long customer = inputs.get(i)[0];
			long amount = inputs.get(i)[1];
			Reply reply = replies.get(i);
			assertThat(reply.status()).isEqualTo(200);
			int score = reply.json().get("score").asInt();
			if (customer % 50 == 0) {
				assertThat(score).as("customer %d, %d cents", customer, amount).isBetween(90, 100);
			}
			else {
				assertThat(score).as("customer %d, %d cents", customer, amount).isBetween(0, 59);
			}
			assertThat(score).as("customer %d, %d cents", customer, amount).isEqualTo(literalFormula(customer, amount));
		}
	}

	@ParameterizedTest(name = "{0}, {1} g -> {2}, {3} cents, {4} days")
	@CsvSource({ "DE, 1, DHL, 598, 2", "DE, 1000, DHL, 598, 2", "DE, 1001, DHL, 697, 2", "FR, 2500, Colissimo, 926, 3",
			"NL, 1, PostNL, 588, 2", "ES, 5000, Correos, 1244, 4", "IT, 999, BRT, 828, 4", "PL, 10000, InPost, 1189, 3",
			"GB, 1500, Royal Mail, 1197, 5", "US, 20000, UPS, 5479, 7", "JP, 1, Global Post, 2248, 10",
			"ZZ, 3001, Global Post, 2995, 10" })
	void shippingQuoteFollowsTheTable(String country, long weightGrams, String carrier, long costCents, int days)
			throws Exception {
		Reply reply = this.stub.get(shippingPath(country, weightGrams));
		assertThat(reply.status()).isEqualTo(200);
		assertThat(reply.contentType()).startsWith("application/json");
		assertThat(reply.json()).isEqualTo(StubClient
			.json("{\"carrier\": \"" + carrier + "\", \"costCents\": " + costCents + ", \"days\": " + days + "}"));
	}

	@Test
	void sameInputsGiveTheSameAnswers() throws Exception {
		List<String> paths = List.of(fraudPath(1, 0), fraudPath(50, 12_345), fraudPath(987_654_321, 42),
				shippingPath("DE", 1), shippingPath("GB", 12_345), shippingPath("BR", 999_999));
		List<Reply> first = this.stub.getAll(paths);
		List<Reply> second = this.stub.getAll(paths);
		assertThat(first).extracting(Reply::status).containsOnly(200);
		assertThat(second).extracting(Reply::body).isEqualTo(first.stream().map(Reply::body).toList());
	}

	@ParameterizedTest
	@ValueSource(strings = { "/fraud/score", "/fraud/score?amountCents=100", "/fraud/score?customerId=1",
			"/fraud/score?customerId=&amountCents=100", "/fraud/score?customerId=0&amountCents=100",
			"/fraud/score?customerId=-50&amountCents=100", "/fraud/score?customerId=abc&amountCents=100",
			"/fraud/score?customerId=1&amountCents=-1", "/fraud/score?customerId=1&amountCents=1.5",
			"/fraud/score?customerId=99999999999999999999&amountCents=1", "/shipping/quote",
			"/shipping/quote?weightGrams=100", "/shipping/quote?country=DE", "/shipping/quote?country=de&weightGrams=1",
			"/shipping/quote?country=DEU&weightGrams=1", "/shipping/quote?country=D1&weightGrams=1",
			"/shipping/quote?country=&weightGrams=1", "/shipping/quote?country=DE&weightGrams=0",
			"/shipping/quote?country=DE&weightGrams=heavy" })
	void badOrMissingParametersAreRefusedWith400AndAnErrorBody(String path) throws Exception {
		Reply reply = this.stub.get(path);
		assertThat(reply.status()).isEqualTo(400);
		assertThat(reply.contentType()).startsWith("application/json");
		assertThat(reply.json().propertyNames()).containsExactly("error");
		assertThat(reply.json().get("error").asString()).isNotBlank();
	}

	/** The formula as documented, in exact arithmetic. */
	private static int literalFormula(long customerId, long amountCents) {
		BigInteger customer = BigInteger.valueOf(customerId);
		BigInteger units = BigInteger.valueOf(amountCents / 100);
		if (customerId % 50 == 0) {
			return 90 + customer.divide(BigInteger.valueOf(50)).add(units).mod(BigInteger.valueOf(11)).intValue();
		}
		return customer.multiply(BigInteger.valueOf(7)).add(units).mod(BigInteger.valueOf(60)).intValue();
	}

}
