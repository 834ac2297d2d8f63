package dev.rvl.loom.partner;

import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import dev.rvl.domain.config.PartnerSettings;
import dev.rvl.domain.order.OrderDraft;
import dev.rvl.domain.order.OrderDraft.FraudCheck;
import dev.rvl.domain.order.OrderDraft.ShippingRequest;
import dev.rvl.domain.pricing.FraudScore;
import dev.rvl.domain.pricing.PartnerQuotes;
import dev.rvl.domain.pricing.ShippingQuote;
import dev.rvl.domain.problem.Problems;
import dev.rvl.loom.concurrent.FanOut;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * The partner APIs over {@code RestClient}. All resilience lives here: one deadline for
 * the fan-out, retries within it, and the mapping of failures to {@code partner-timeout}
 * and {@code partner-unavailable} (an error status, a 200 without a body or with one that
 * is not the expected JSON).
 */
@Component
public class PartnerClient {

	private final RestClient restClient;

	private final PartnerSettings settings;

	private final AsyncTaskExecutor executor;

	private final Semaphore connections;

	PartnerClient(RestClient.Builder builder, PartnerSettings settings, AsyncTaskExecutor applicationTaskExecutor,
			MeterRegistry registry) {
		this.settings = settings;
		this.executor = applicationTaskExecutor;
		// The JDK client opens a connection per concurrent request, without limit: the
		// semaphore gives it the maximum of the reactive app's connection pool.
		this.connections = new Semaphore(settings.maxConnections());
		Gauge.builder("partner.calls.in.flight", this.connections, this::callsInFlight).register(registry);
		HttpClient http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(settings.connectTimeout())
			.build();
		JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory(http);
		requests.setReadTimeout(settings.timeout());
		this.restClient = builder.baseUrl(settings.baseUrl().toString()).requestFactory(requests).build();
	}

	private double callsInFlight(Semaphore connections) {
		return this.settings.maxConnections() - connections.availablePermits();
	}

	/** Asks both partners at once, on two threads, under one deadline. */
	public PartnerQuotes quotes(OrderDraft draft) {
		try (FanOut fanOut = new FanOut(this.executor)) {
			Supplier<FraudScore> fraud = fanOut.fork(() -> fraudScore(draft.fraudCheck()));
			Supplier<ShippingQuote> shipping = fanOut.fork(() -> shippingQuote(draft.shippingRequest()));
			fanOut.join(this.settings.timeout());
			return new PartnerQuotes(fraud.get(), shipping.get());
		}
		catch (TimeoutException ex) {
			throw Problems.partnerTimeout(this.settings.timeout(), ex);
		}
	}

	private FraudScore fraudScore(FraudCheck check) {
		return call("fraud score",
				() -> this.restClient.get()
					.uri("/fraud/score?customerId={customerId}&amountCents={amountCents}", check.customerId(),
							check.amountCents())
					.retrieve()
					.body(FraudScore.class));
	}

	private ShippingQuote shippingQuote(ShippingRequest request) {
		return call("shipping quote",
				() -> this.restClient.get()
					.uri("/shipping/quote?country={country}&weightGrams={weightGrams}", request.country(),
							request.weightGrams())
					.retrieve()
					.body(ShippingQuote.class));
	}

	private <T> T call(String partner, Supplier<T> request) {
		try {
			if (!this.connections.tryAcquire(this.settings.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
				throw Problems.partnerTimeout(this.settings.timeout(), null);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw Problems.partnerTimeout(this.settings.timeout(), ex);
		}
		try {
			return withRetries(partner, request);
		}
		finally {
			this.connections.release();
		}
	}

	private <T> T withRetries(String partner, Supplier<T> request) {
		for (int attempt = 0;; attempt++) {
			RestClientException failure = null;
			try {
				T answer = request.get();
				if (answer != null) {
					return answer;
				}
			}
			catch (RestClientException ex) {
				if (ex.getCause() instanceof HttpTimeoutException) {
					throw Problems.partnerTimeout(this.settings.timeout(), ex);
				}
				failure = ex;
			}
			// an error status, a body that is not the expected JSON, or none at all
			if (attempt >= this.settings.retries() || Thread.currentThread().isInterrupted()) {
				throw Problems.partnerUnavailable(partner, failure);
			}
		}
	}

}
