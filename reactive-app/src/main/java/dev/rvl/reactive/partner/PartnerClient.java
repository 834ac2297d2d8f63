package dev.rvl.reactive.partner;

import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import dev.rvl.domain.config.PartnerSettings;
import dev.rvl.domain.order.OrderDraft;
import dev.rvl.domain.order.OrderDraft.FraudCheck;
import dev.rvl.domain.order.OrderDraft.ShippingRequest;
import dev.rvl.domain.pricing.FraudScore;
import dev.rvl.domain.pricing.PartnerQuotes;
import dev.rvl.domain.pricing.ShippingQuote;
import dev.rvl.domain.problem.Problems;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.ChannelOption;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;
import reactor.util.retry.Retry;

import org.springframework.core.codec.CodecException;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientException;

/**
 * The partner APIs over {@code WebClient}. All resilience lives here: one deadline for
 * the fan-out, retries within it, and the mapping of failures to {@code partner-timeout}
 * and {@code partner-unavailable} (an error status, a 200 without a body or with one that
 * is not the expected JSON).
 */
@Component
public class PartnerClient {

	private final WebClient webClient;

	private final PartnerSettings settings;

	private final AtomicInteger callsInFlight = new AtomicInteger();

	PartnerClient(WebClient.Builder builder, PartnerSettings settings, MeterRegistry registry, LoopResources appLoops) {
		this.settings = settings;
		Gauge.builder("partner.calls.in.flight", this.callsInFlight, AtomicInteger::get).register(registry);
		// Explicit limits: Reactor Netty's defaults (2 x cores connections) would
		// throttle the
		// fan-out; the JDK client of the Loom app gets the same maximum.
		ConnectionProvider connections = ConnectionProvider.builder("partner")
			.maxConnections(settings.maxConnections())
			.pendingAcquireMaxCount(-1) // waiters are bounded by orders.max-in-flight
			.pendingAcquireTimeout(settings.timeout())
			.build();
		HttpClient http = HttpClient.create(connections)
			.runOn(appLoops)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) settings.connectTimeout().toMillis());
		this.webClient = builder.baseUrl(settings.baseUrl().toString())
			.clientConnector(new CancelRaceGuard(http))
			.build();
	}

	/** Asks both partners at once, under one deadline. */
	public Mono<PartnerQuotes> quotes(OrderDraft draft) {
		return Mono.zip(fraudScore(draft.fraudCheck()), shippingQuote(draft.shippingRequest()), PartnerQuotes::new)
			.timeout(this.settings.timeout())
			.onErrorMap(TimeoutException.class, (ex) -> Problems.partnerTimeout(this.settings.timeout(), ex))
			.name("partner.quotes");
	}

	private Mono<FraudScore> fraudScore(FraudCheck check) {
		return this.webClient.get()
			.uri("/fraud/score?customerId={customerId}&amountCents={amountCents}", check.customerId(),
					check.amountCents())
			.retrieve()
			.bodyToMono(FraudScore.class)
			.switchIfEmpty(Mono.error(() -> Problems.partnerUnavailable("fraud score", null)))
			.transform(this::withRetries)
			.onErrorMap(PartnerClient::isCallFailure, (ex) -> Problems.partnerUnavailable("fraud score", ex));
	}

	private Mono<ShippingQuote> shippingQuote(ShippingRequest request) {
		return this.webClient.get()
			.uri("/shipping/quote?country={country}&weightGrams={weightGrams}", request.country(),
					request.weightGrams())
			.retrieve()
			.bodyToMono(ShippingQuote.class)
			.switchIfEmpty(Mono.error(() -> Problems.partnerUnavailable("shipping quote", null)))
			.transform(this::withRetries)
			.onErrorMap(PartnerClient::isCallFailure, (ex) -> Problems.partnerUnavailable("shipping quote", ex));
	}

	/**
	 * A failed call, an error status or a body that is not the expected JSON: the partner
	 * is unavailable. (An empty body is one too; it is signalled as such above.)
	 */
	private static boolean isCallFailure(Throwable ex) {
		return ex instanceof WebClientException || ex instanceof CodecException;
	}

	private <T> Mono<T> withRetries(Mono<T> call) {
		Mono<T> counted = call.doOnSubscribe((subscription) -> this.callsInFlight.incrementAndGet())
			.doFinally((signal) -> this.callsInFlight.decrementAndGet());
		return (this.settings.retries() > 0) ? counted.retryWhen(Retry.max(this.settings.retries())) : counted;
	}

}
