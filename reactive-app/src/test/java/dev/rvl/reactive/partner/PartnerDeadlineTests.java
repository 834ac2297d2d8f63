package dev.rvl.reactive.partner;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import dev.rvl.domain.config.PartnerSettings;
import dev.rvl.domain.order.Customer;
import dev.rvl.domain.order.OrderDraft;
import dev.rvl.domain.order.OrderLine;
import dev.rvl.domain.order.Product;
import dev.rvl.domain.order.Tier;
import dev.rvl.domain.order.ValidatedOrder;
import dev.rvl.domain.problem.ProblemException;
import dev.rvl.domain.problem.ProblemKind;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;
import reactor.test.StepVerifier;

import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fan-out's deadline, on its own: partners that never answer, and Reactor's virtual
 * time, so the 30 s deadline passes without waiting (in real time the test would fail: it
 * gives the verification 10 s). Shown beside its Loom twin on the readability page.
 */
class PartnerDeadlineTests {

	static final PartnerSettings SETTINGS = new PartnerSettings(URI.create("http://127.0.0.1:9"),
			Duration.ofSeconds(30), Duration.ofSeconds(1), 8, 0);

	final LoopResources loops = LoopResources.create("deadline-test", 1, true);

	@AfterEach
	void disposeLoops() {
		this.loops.dispose();
	}

	@Test
	void answersPartnerTimeoutAtTheDeadline() {
		WebClient.Builder partnersNeverAnswer = WebClient.builder().exchangeFunction((request) -> Mono.never());
		PartnerClient partners = new PartnerClient(partnersNeverAnswer, SETTINGS, new SimpleMeterRegistry(),
				this.loops);

		StepVerifier.withVirtualTime(() -> partners.quotes(draft()))
			.expectSubscription()
			.expectNoEvent(SETTINGS.timeout().minusMillis(1))
			.thenAwait(Duration.ofMillis(1))
			.expectErrorSatisfies((ex) -> assertThat(ex).isInstanceOfSatisfying(ProblemException.class,
					(problem) -> assertThat(problem.kind()).isEqualTo(ProblemKind.PARTNER_TIMEOUT)))
			.verify(Duration.ofSeconds(10));
	}

	static OrderDraft draft() {
		Customer customer = new Customer(42, "Customer 42", "c42@example.com", Tier.STANDARD, "NL");
		return OrderDraft.of(new ValidatedOrder(42, List.of(new OrderLine("SKU-00001", 1)), Optional.empty()), customer,
				List.of(new Product("SKU-00001", "Product", 1000, 100, 500)));
	}

}
