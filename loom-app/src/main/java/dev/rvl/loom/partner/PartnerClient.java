package dev.rvl.loom.partner;

import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
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
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * The partner APIs over {@code RestClient}. All resilience lives here: one deadline for
 * the fan-out, retries within it, and the mapping of failures to {@code partner-timeout}
 * and {@code partner-unavailable} (an error status, a 200 without a body or with one that
 * is not the expected JSON).
 * <p>
 * The fan-out is {@link FanOut} on the {@code applicationTaskExecutor}
 * ({@code partner.fan-out=executor}, the default); {@code partner.fan-out=structured}
 * replaces this bean with {@code StructuredPartnerClient}, the same client whose
 * {@link #quotes} is written with JDK 25's {@code StructuredTaskScope} (a preview API;
 * see {@link StructuredFanOutConfiguration}).
 */
@Component
@ConditionalOnProperty(name = "partner.fan-out", havingValue = "executor", matchIfMissing = true)
public class PartnerClient {

	private final RestClient restClient;

	private final PartnerSettings settings;

	private final AsyncTaskExecutor executor;

	private final AtomicInteger callsInFlight = new AtomicInteger();

	protected PartnerClient(RestClient.Builder builder, PartnerSettings settings,
			AsyncTaskExecutor applicationTaskExecutor, MeterRegistry registry) {
		this.settings = settings;
		this.executor = applicationTaskExecutor;
		Gauge.builder("partner.calls.in.flight", this.callsInFlight, AtomicInteger::get).register(registry);
		this.restClient = builder.baseUrl(settings.baseUrl().toString())
			.requestFactory(new HttpComponentsClientHttpRequestFactory(http(settings)))
			.build();
	}

	/**
	 * Apache HttpClient 5, classic (blocking) API: on a virtual thread a call blocks only
	 * that thread and its socket I/O goes through the JDK's poller, with no selector
	 * thread of the client's own to hand each response over. Its connection pool is
	 * bounded like Reactor Netty's: {@code partner.max-connections}, and a call waits for
	 * a connection until the deadline. No retries of its own ({@code partner.retries} are
	 * ours), no cookies, no redirects.
	 */
	private static CloseableHttpClient http(PartnerSettings settings) {
		Timeout deadline = Timeout.of(settings.timeout());
		return HttpClients.custom()
			.setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
				.setMaxConnTotal(settings.maxConnections())
				.setMaxConnPerRoute(settings.maxConnections())
				.setDefaultConnectionConfig(ConnectionConfig.custom()
					.setConnectTimeout(Timeout.of(settings.connectTimeout()))
					.setSocketTimeout(deadline)
					.build())
				.build())
			.setDefaultRequestConfig(
					RequestConfig.custom().setConnectionRequestTimeout(deadline).setResponseTimeout(deadline).build())
			.disableAutomaticRetries()
			.disableCookieManagement()
			.disableRedirectHandling()
			.build();
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

	protected FraudScore fraudScore(FraudCheck check) {
		return call("fraud score",
				() -> this.restClient.get()
					.uri("/fraud/score?customerId={customerId}&amountCents={amountCents}", check.customerId(),
							check.amountCents())
					.retrieve()
					.body(FraudScore.class));
	}

	protected ShippingQuote shippingQuote(ShippingRequest request) {
		return call("shipping quote",
				() -> this.restClient.get()
					.uri("/shipping/quote?country={country}&weightGrams={weightGrams}", request.country(),
							request.weightGrams())
					.retrieve()
					.body(ShippingQuote.class));
	}

	private <T> T call(String partner, Supplier<T> request) {
		this.callsInFlight.incrementAndGet();
		try {
			return withRetries(partner, request);
		}
		finally {
			this.callsInFlight.decrementAndGet();
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
				if (ex.getCause() instanceof SocketTimeoutException
						|| ex.getCause() instanceof ConnectionRequestTimeoutException) {
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
