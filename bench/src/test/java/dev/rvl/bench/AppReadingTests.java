package dev.rvl.bench;

import dev.rvl.testsupport.PrometheusText;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AppReadingTests {

	@Test
	void readsVirtualThreadsUnderTheNameMicrometerPublishes() {
		// micrometer-java21's VirtualThreadMetrics, as the Loom app serves them (base
		// unit appended)
		AppReading reading = AppReading.of(PrometheusText.parse("""
				jvm_threads_virtual_live_threads{scheduling_status="mounted"} 3.0
				jvm_threads_virtual_live_threads{scheduling_status="queued"} 1.0
				jvm_threads_virtual_pool_size_threads 2.0
				"""));

		assertThat(reading.virtualThreads()).isEqualTo(4.0);
		assertThat(reading.carrierThreads()).isEqualTo(2.0);
	}

}
