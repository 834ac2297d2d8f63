package dev.rvl.contract;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The black-box contract of docs/design.md §2, written once and run against each app:
 * every row of the problem table, the pricing arithmetic, idempotency, races, bulk,
 * partner faults, limits. One interface per concern holds its tests; this class runs them
 * all:
 * <ul>
 * <li>{@link PlacingContract}: pricing end to end, orders read back and listed;</li>
 * <li>{@link ProblemsContract}: every row of the problem table a single request
 * reaches;</li>
 * <li>{@link PartnerFaultsContract}: partner errors, unusable answers, hangs,
 * slowness;</li>
 * <li>{@link OverloadContract}: the admission limit, a stalled body, pool
 * exhaustion;</li>
 * <li>{@link IdempotencyContract}: replay, reuse, racing duplicates;</li>
 * <li>{@link StockRacesContract}: no oversell, no deadlock;</li>
 * <li>{@link BulkContract}: NDJSON bulk, heap and backpressure;</li>
 * <li>{@link BadInputContract}: generated bad input at scale;</li>
 * <li>{@link DescriptionContract}: the OpenAPI description and the validation agree;</li>
 * <li>{@link ObservabilityContract}: served documents, probes and metrics;</li>
 * <li>{@link KeepAliveContract}: keep-alive connections.</li>
 * </ul>
 * <p>
 * A subclass starts the app with {@link ContractSettings#register} and says where it
 * listens. Every failing request is checked to leave nothing in the database, and every
 * answer to match the OpenAPI description.
 */
public abstract class OrderApiContract implements PlacingContract, ProblemsContract, PartnerFaultsContract,
		OverloadContract, IdempotencyContract, StockRacesContract, BulkContract, BadInputContract, DescriptionContract,
		ObservabilityContract, KeepAliveContract {

	private Api api;

	@Override
	public Api api() {
		return this.api;
	}

	@BeforeEach
	void connect() {
		this.api = new Api(baseUrl());
		stub().resetFaults();
	}

	@AfterEach
	void resetFaults() {
		stub().resetFaults();
	}

	@AfterEach
	void answeredAsDescribed() {
		assertThat(this.api.violations()).as("answers that break the OpenAPI description").isEmpty();
	}

}
