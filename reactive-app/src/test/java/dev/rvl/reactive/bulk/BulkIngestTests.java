package dev.rvl.reactive.bulk;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import dev.rvl.domain.admission.Admission;
import dev.rvl.domain.admission.SchedulingLag;
import dev.rvl.domain.config.OrdersSettings;
import dev.rvl.domain.config.OrdersSettings.AdmissionSettings;
import dev.rvl.domain.config.OrdersSettings.LimitAlgorithm;
import dev.rvl.domain.order.PlacedOrder;
import dev.rvl.reactive.order.OrderService;
import dev.rvl.web.OrderMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.availability.ApplicationAvailabilityBean;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * A blocking call that BlockHound catches while a bulk line's order is placed fails the
 * bulk request: it used to be answered as one more result line (status 500) by the
 * pipeline's error handling, and the contract suite, which runs under BlockHound, would
 * not have noticed.
 */
class BulkIngestTests {

	static final String ORDER = "{\"customerId\": 42, \"lines\": [{\"sku\": \"SKU-00017\", \"quantity\": 2}]}\n";

	@Test
	void failsTheRequestOnABlockingCallInsteadOfAnsweringALine() {
		OrderService orders = mock(OrderService.class);
		given(orders.place(any(), isNull(), any())).willReturn(blockingOnAnEventLoop());
		OrdersSettings settings = new OrdersSettings(10, Duration.ofSeconds(1),
				new AdmissionSettings(LimitAlgorithm.FIXED, 10, 10, 10, Duration.ZERO),
				new OrdersSettings.Bulk(2, 4, 100));
		BulkIngest bulk = new BulkIngest(orders, settings,
				new OrderMetrics(new SimpleMeterRegistry(), new Admission(settings, SchedulingLag.OFF)), accepting(),
				JsonMapper.shared());

		bulk.ingest(Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(ORDER.getBytes(StandardCharsets.UTF_8))),
				DefaultDataBufferFactory.sharedInstance)
			.as(StepVerifier::create)
			.expectError(BlockingOperationError.class)
			.verify(Duration.ofSeconds(10));
	}

	/** Spring Boot's availability once the app is ready. */
	static ApplicationAvailabilityBean accepting() {
		ApplicationAvailabilityBean availability = new ApplicationAvailabilityBean();
		availability.onApplicationEvent(new AvailabilityChangeEvent<>(availability, ReadinessState.ACCEPTING_TRAFFIC));
		return availability;
	}

	/** Sleeps on a Reactor (non-blocking) thread: BlockHound reports it. */
	static Mono<PlacedOrder> blockingOnAnEventLoop() {
		return Mono.delay(Duration.ofMillis(1)).map((tick) -> {
			try {
				Thread.sleep(10);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			throw new IllegalStateException("BlockHound should have stopped this");
		});
	}

}
