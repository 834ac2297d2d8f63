package dev.rvl.readability;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The table the comparison is generated from: for each use case, the code that implements
 * it in each app (class and method names, the same in both apps where they can be) and
 * the contract tests that exercise it. Rows of the page are aligned by these names.
 * Extraction fails when a class or member named here is missing or empty, so a rename in
 * either app breaks the build instead of silently dropping code from the page.
 */
final class UseCases {

	static final List<UseCase> ALL = List.of(new UseCase("place-order", "Place order",
			"POST /api/orders: validate, replay or place, read the customer and products, ask the partners, "
					+ "price (shared rules), then one transaction: conditional stock decrements and the inserts.",
			List.of(reactive("order/OrderController#place,read,bytes,toResponse"),
					reactive("order/OrderService#place,replayOrPlace,placeNew,draft,price,write"),
					reactive("order/OrderRepository#findCustomer,findProducts,reserveStock,insert,bindable")),
			List.of(loom("order/OrderController#place,toResponse"),
					loom("order/OrderService#place,replayOrPlace,placeNew,draft,price,write"),
					loom("order/OrderRepository#findCustomer,findProducts,reserveStock,insert,bindable")),
			List.of(),
			contract(
					"PlacingContract#placesAnOrderPricedByTheRules,appliesTierAndVolumeDiscountsAndChargesShipping,"
							+ "roundsHalfToEvenAndTaxesByCountry",
					"ProblemsContract#rejectsOrderForUnknownCustomer,rejectsUnknownSkus,rejectsOrdersTheFraudCheckFlags,"
							+ "rejectsOrdersBeyondTheStockListingEveryShortSku",
					"StockRacesContract#keepsStockNonNegativeUnderConcurrentOrders,"
							+ "doesNotDeadlockOnOrdersSharingSkusInOppositeOrder"),
			"The reactive controller reads the body as a Flux<DataBuffer> (read, bytes); the Loom controller "
					+ "hands the InputStream to the shared reader in one line."),
			new UseCase("partner-fan-out", "Partner fan-out with deadline",
					"Fraud score and shipping quote in parallel, under one deadline for both; the first failure or "
							+ "the deadline cancels the other call; failures map to partner-unavailable (502) and "
							+ "partner-timeout (504).",
					List.of(reactive("partner/PartnerClient#<init>,quotes,fraudScore,shippingQuote,withRetries")),
					List.of(loom("partner/PartnerClient#<init>,quotes,fraudScore,shippingQuote,call,withRetries"),
							loom("concurrent/FanOut")),
					List.of(loom("partner/PartnerClient#<init>,fraudScore,shippingQuote,call,withRetries"),
							loom("partner/structured/StructuredPartnerClient#<init>,quotes")),
					List.of(),
					contract(
							"PartnerFaultsContract#answersPartnerErrorsWith502,answersAHangingPartnerWith504AfterTheDeadline,"
									+ "answersASlowPartnerWith504"),
					"Reactor gives the reactive app zip, timeout and cancellation as library code. The Loom app "
							+ "needs FanOut for the same on stable APIs (StructuredTaskScope is still a preview API "
							+ "in JDK 21 to 25), so FanOut is shown and counted; being a reusable helper, the totals "
							+ "are also given without it. The third column is the Loom app with "
							+ "partner.fan-out=structured (off by default; JDK 25 with --enable-preview): "
							+ "StructuredPartnerClient overrides quotes with StructuredTaskScope (JEP 505, fifth "
							+ "preview) and inherits the rest, so it needs no FanOut; it passes the same contract "
							+ "suite (StructuredOrderApiContractTests), and its partner-timeout trace is the third one under "
							+ "Stack traces. It is not in the per-app totals."),
			new UseCase("bulk-ingest", "Bulk ingest with bounded backpressure",
					"POST /api/orders/bulk: NDJSON in, one result line per order out, at most "
							+ "orders.bulk.concurrency orders in flight and orders.bulk.buffer parsed orders waiting; "
							+ "a full buffer stops reading the body.",
					List.of(reactive("bulk/BulkController#bulk"), reactive("bulk/BulkIngest")),
					List.of(loom("bulk/BulkController#bulk"), loom("bulk/BulkIngest")), List.of(),
					contract("BulkContract#placesBulkOrdersAnsweringEveryLine,rejectsBulkWithOtherContentTypes,"
							+ "answersOverlongBulkLinesWith413,streamsAHundredThousandLineBulkWithBoundedHeap,"
							+ "stopsReadingABulkBodyWhileResultsAreNotRead,"
							+ "letsABulkClientGoAwayWithoutLosingAConnectionOrLoggingAnError"),
					"Both read the body with the shared BulkReader. Reactive: demand-driven Flux (limitRate, "
							+ "flatMap with a concurrency); a client going away cancels it. Loom: a producer thread, "
							+ "an ArrayBlockingQueue and consumer threads (FanOut again), with an end marker; a "
							+ "client going away stops them cooperatively, as an interrupt would close the JDBC "
							+ "connection of a consumer inside a query."),
			new UseCase("error-mapping", "Error mapping",
					"Every failure becomes an RFC 9457 problem from the shared catalogue: one controller advice per "
							+ "app, the mapping itself shared.",
					List.of(reactive("web/ProblemHandler")), List.of(loom("web/ProblemHandler")),
					List.of(Part.of(Root.SHARED_WEB, "ProblemResponses")),
					contract(
							"ProblemsContract#rejectsInvalidOrdersListingEveryViolation,rejectsBodiesThatAreNotAnOrder,"
									+ "rejectsOtherContentTypes,rejectsBodiesOver64KiB,answersNotFoundForAnUnknownOrder,"
									+ "rejectsMalformedOrderIds,rejectsListLimitsOutOfRange,"
									+ "answersNotFoundForOrdersOfAnUnknownCustomer,"
									+ "answersUnexpectedFailuresWith500RevealingNothing,answersUnknownRoutesWith404,"
									+ "answersUnsupportedMethodsWith405,answersUnacceptableMediaTypesWith406",
							"OverloadContract#answers503WhenNoDatabaseConnectionIsFreeInTime"),
					"ProblemResponses (shared-web) is the same code in both apps by construction, shown once. "
							+ "The reactive advice has one more handler: WebFlux signals an oversized body as "
							+ "DataBufferLimitException; in the Loom app the shared reader throws the problem itself. "
							+ "Where a failure is mapped inside a step (onErrorMap / catch), it is part of that step."),
			new UseCase("idempotency", "Idempotency",
					"A repeated Idempotency-Key with the same body replays the stored order; racing duplicates are "
							+ "settled by the unique index: the loser rolls back and answers with the winner's order.",
					List.of(reactive("order/OrderService#replayOrPlace,placeNew,replayWinner"),
							reactive("order/OrderRepository#findByIdempotencyKey")),
					List.of(loom("order/OrderService#replayOrPlace,placeNew,replayWinner"),
							loom("order/OrderRepository#findByIdempotencyKey")),
					List.of(),
					contract(
							"IdempotencyContract#replaysARepeatedIdempotencyKey,rejectsAnIdempotencyKeyReusedWithAnotherBody,"
									+ "settlesRacingDuplicatesWithOneOrder"),
					"replayOrPlace and placeNew also belong to place order; the per-app totals count each "
							+ "method once."));

	/**
	 * Reusable helpers: code that knows nothing of orders and stands in for what a
	 * library gives the other app (FanOut: the fork/join with a deadline that Reactor's
	 * zip and timeout are). Counted in the totals, which the page also shows without
	 * them.
	 */
	static final List<Part> HELPERS = List.of(loom("concurrent/FanOut"));

	/** The third column's title, where a use case has one. */
	static final String STRUCTURED_TITLE = "Loom + StructuredTaskScope (partner.fan-out=structured, JDK 25 preview)";

	/**
	 * The same step unit-tested in each app: the fan-out's deadline with partners that
	 * never answer (reactive: virtual time; Loom: a short real deadline).
	 */
	static final Map<App, Part> DEADLINE_TESTS = Map.of(App.REACTIVE,
			Part.of(Root.REACTIVE_TEST, "partner/PartnerDeadlineTests"), App.LOOM,
			Part.of(Root.LOOM_TEST, "partner/PartnerDeadlineTests"));

	private UseCases() {
	}

	static boolean isHelper(Unit unit) {
		return HELPERS.stream()
			.anyMatch((helper) -> helper.root() == unit.part().root() && helper.file().equals(unit.part().file()));
	}

	private static Part reactive(String spec) {
		return Part.of(Root.REACTIVE, spec);
	}

	private static Part loom(String spec) {
		return Part.of(Root.LOOM, spec);
	}

	/**
	 * Contract tests, by the interface of the suite that holds them:
	 * {@code "BulkContract#placesBulkOrdersAnsweringEveryLine,..."}.
	 */
	private static List<Part> contract(String... specs) {
		return Arrays.stream(specs).map((spec) -> Part.of(Root.CONTRACT, spec)).toList();
	}

}
