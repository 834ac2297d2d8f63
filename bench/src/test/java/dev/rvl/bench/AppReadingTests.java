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

	@Test
	void readsTheSchedulingLagBothAppsPublish() {
		AppReading reading = AppReading.of(PrometheusText.parse("""
				# HELP orders_admission_lag_seconds How far behind its schedule the app's scheduler runs now
				# TYPE orders_admission_lag_seconds gauge
				orders_admission_lag_seconds{application="reactive-app"} 0.125
				"""));

		assertThat(reading.schedulingLagSeconds()).isEqualTo(0.125);
		assertThat(AppReading.of(PrometheusText.parse("orders_in_flight 1.0\n")).schedulingLagSeconds())
			.as("an app without the gauge")
			.isNull();
	}

}
