package dev.rvl.loom.partner.structured;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.StructuredTaskScope;
import java.util.concurrent.StructuredTaskScope.FailedException;
import java.util.concurrent.StructuredTaskScope.Joiner;
import java.util.concurrent.StructuredTaskScope.Subtask;
import java.util.concurrent.StructuredTaskScope.TimeoutException;

import dev.rvl.domain.config.PartnerSettings;
import dev.rvl.domain.order.OrderDraft;
import dev.rvl.domain.pricing.FraudScore;
import dev.rvl.domain.pricing.PartnerQuotes;
import dev.rvl.domain.pricing.ShippingQuote;
import dev.rvl.domain.problem.Problems;
import dev.rvl.loom.partner.PartnerClient;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.web.client.RestClient;

/**
 * The partner client with its fan-out written with JDK 25's {@code StructuredTaskScope}
 * (JEP 505, fifth preview) instead of {@code FanOut}: the same calls, retries and failure
 * mapping (inherited), the same deadline and cancellation. The scope forks each call onto
 * a virtual thread of its own (the {@code applicationTaskExecutor} is not used), the
 * first failure or the deadline cancels (interrupts) the other, and closing the scope
 * waits until both have finished.
 * <p>
 * Used when {@code partner.fan-out=structured}; compiled apart for JDK 25 with
 * {@code --enable-preview} and loaded only then (see
 * {@code StructuredFanOutConfiguration}).
 */
public class StructuredPartnerClient extends PartnerClient {

	private final Duration timeout;

	StructuredPartnerClient(RestClient.Builder builder, PartnerSettings settings,
			AsyncTaskExecutor applicationTaskExecutor, MeterRegistry registry) {
		super(builder, settings, applicationTaskExecutor, registry);
		this.timeout = settings.timeout();
	}

	/** Asks both partners at once, on two threads, under one deadline. */
	@Override
	public PartnerQuotes quotes(OrderDraft draft) {
		try (StructuredTaskScope<Object, Void> scope = StructuredTaskScope.open(Joiner.awaitAllSuccessfulOrThrow(),
				(config) -> config.withTimeout(this.timeout))) {
			Subtask<FraudScore> fraud = scope.fork(() -> fraudScore(draft.fraudCheck()));
			Subtask<ShippingQuote> shipping = scope.fork(() -> shippingQuote(draft.shippingRequest()));
			scope.join();
			return new PartnerQuotes(fraud.get(), shipping.get());
		}
		catch (TimeoutException ex) {
			throw Problems.partnerTimeout(this.timeout, ex);
		}
		catch (FailedException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			throw ex;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new CancellationException("Interrupted while joining");
		}
	}

}
