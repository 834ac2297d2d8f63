package dev.rvl.reactive;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * Proves BlockHound is installed in this module's tests: a blocking call on a
 * non-blocking thread fails. The contract suite runs under the same guard.
 */
class BlockHoundTests {

	@Test
	void failsABlockingCallOnANonBlockingThread() {
		Mono.delay(Duration.ofMillis(1))
			.doOnNext((tick) -> sleep())
			.as(StepVerifier::create)
			.expectError(BlockingOperationError.class)
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void allowsBlockingOnBoundedElasticThreads() {
		Mono.fromRunnable(BlockHoundTests::sleep)
			.subscribeOn(Schedulers.boundedElastic())
			.as(StepVerifier::create)
			.verifyComplete();
	}

	static void sleep() {
		try {
			Thread.sleep(10);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
