package dev.rvl.partner;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Serves the partner endpoints. Parameters are checked first (a bad request is answered
 * 400 at once); a valid request waits its latency on a timer of its event loop (see
 * {@link EventLoopTimer}), then hangs, fails or gets its deterministic answer as the
 * current {@link Faults}, read when the request arrives, decide.
 */
@Component
class PartnerHandler {

	private static final ErrorBody INJECTED_FAULT = new ErrorBody("injected fault");

	/** A 200 body that is not JSON: cut off in the middle of an object. */
	private static final String BROKEN_JSON = "{\"score\": 1";

	private final StubProperties.Latency latency;

	private final FaultSettings faults;

	PartnerHandler(StubProperties properties, FaultSettings faults) {
		this.latency = properties.latency();
		this.faults = faults;
	}

	Mono<ServerResponse> fraudScore(ServerRequest request) {
		return Mono
			.fromSupplier(() -> new FraudScore(
					FraudScoring.score(longParam(request, "customerId", 1), longParam(request, "amountCents", 0))))
			.flatMap((score) -> answer(request, this.latency.fraud(), score));
	}

	Mono<ServerResponse> shippingQuote(ServerRequest request) {
		return Mono.fromSupplier(() -> ShippingRates.quote(countryParam(request), longParam(request, "weightGrams", 1)))
			.flatMap((quote) -> answer(request, this.latency.shipping(), quote));
	}

	private Mono<ServerResponse> answer(ServerRequest request, Duration endpointLatency, Object body) {
		Faults faults = this.faults.current();
		Duration delay = this.latency.jittered(endpointLatency).plusMillis(faults.addedLatencyMs());
		return EventLoopTimer.delay(request, delay).then(Mono.defer(() -> outcome(faults, body)));
	}

	private static Mono<ServerResponse> outcome(Faults faults, Object body) {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		if (random.nextDouble() < faults.hangRate()) {
			return Mono.never();
		}
		if (random.nextDouble() < faults.errorRate()) {
			return ServerResponse.status(faults.errorStatus())
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(INJECTED_FAULT);
		}
		if (random.nextDouble() < faults.emptyBodyRate()) {
			return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).build();
		}
		if (random.nextDouble() < faults.brokenBodyRate()) {
			return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(BROKEN_JSON);
		}
		return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(body);
	}

	private static String countryParam(ServerRequest request) {
		return request.queryParam("country")
			.filter(ShippingRates::isCountryCode)
			.orElseThrow(() -> new BadRequestException("country must be two letters A-Z"));
	}

	private static long longParam(ServerRequest request, String name, long min) {
		String value = request.queryParam(name).orElse("");
		try {
			long parsed = Long.parseLong(value);
			if (parsed >= min) {
				return parsed;
			}
		}
		catch (NumberFormatException ex) {
			// answered below
		}
		throw new BadRequestException(name + " must be an integer >= " + min);
	}

}
