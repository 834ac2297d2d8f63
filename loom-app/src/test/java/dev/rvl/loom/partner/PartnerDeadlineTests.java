package dev.rvl.loom.partner;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
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
import org.junit.jupiter.api.Test;

import org.springframework.core.task.VirtualThreadTaskExecutor;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The fan-out's deadline, on its own: partners that accept the connection and never
 * answer. The deadline is a blocking wait on the JDK's clock (a poll with a timeout),
 * which no injected clock can shorten: the test sets it to 200 ms and waits that long.
 * Shown beside its reactive twin on the readability page.
 */
class PartnerDeadlineTests {

	@Test
	void answersPartnerTimeoutAtTheDeadline() throws IOException {
		try (ServerSocket partnersNeverAnswer = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			PartnerSettings settings = new PartnerSettings(
					URI.create("http://127.0.0.1:" + partnersNeverAnswer.getLocalPort()), Duration.ofMillis(200),
					Duration.ofSeconds(1), 8, 0);
			PartnerClient partners = new PartnerClient(RestClient.builder(), settings,
					new VirtualThreadTaskExecutor("deadline-test-"), new SimpleMeterRegistry());
			long start = System.nanoTime();

			assertThatExceptionOfType(ProblemException.class).isThrownBy(() -> partners.quotes(draft()))
				.satisfies((problem) -> assertThat(problem.kind()).isEqualTo(ProblemKind.PARTNER_TIMEOUT));
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(settings.timeout());
		}
	}

	static OrderDraft draft() {
		Customer customer = new Customer(42, "Customer 42", "c42@example.com", Tier.STANDARD, "NL");
		return OrderDraft.of(new ValidatedOrder(42, List.of(new OrderLine("SKU-00001", 1)), Optional.empty()), customer,
				List.of(new Product("SKU-00001", "Product", 1000, 100, 500)));
	}

}
