package dev.rvl.partner;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * BlockHound really guards these tests: blocking a non-blocking thread fails.
 */
class BlockHoundGuardTests {

	@Test
	void blockingOnANonBlockingThreadFails() {
		Mono<Long> sleepsOnParallelThread = Mono.delay(Duration.ofMillis(1)).doOnNext((tick) -> {
			try {
				Thread.sleep(10);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		assertThatExceptionOfType(RuntimeException.class).isThrownBy(sleepsOnParallelThread::block)
			.havingRootCause()
			.isInstanceOf(BlockingOperationError.class);
	}

}
