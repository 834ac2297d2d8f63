package dev.rvl.domain.admission;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AdmissionLimitTests {

	@Test
	void refusesRequestsBeyondTheLimitUntilOneIsReleased() {
		AdmissionLimit limit = new AdmissionLimit(2);

		assertThat(limit.tryAcquire()).isTrue();
		assertThat(limit.tryAcquire()).isTrue();
		assertThat(limit.tryAcquire()).isFalse();
		assertThat(limit.inFlight()).isEqualTo(2);
		limit.release();
		assertThat(limit.tryAcquire()).isTrue();
	}

	@Test
	void neverAdmitsMoreThanTheLimitUnderContention() throws Exception {
		AdmissionLimit limit = new AdmissionLimit(10);
		AtomicInteger admitted = new AtomicInteger();
		CountDownLatch start = new CountDownLatch(1);
		try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
			for (int i = 0; i < 1000; i++) {
				executor.submit(() -> {
					start.await();
					if (limit.tryAcquire()) {
						admitted.incrementAndGet();
					}
					return null;
				});
			}
			start.countDown();
		}
		assertThat(admitted).hasValue(10);
		assertThat(limit.inFlight()).isEqualTo(10);
	}

}
