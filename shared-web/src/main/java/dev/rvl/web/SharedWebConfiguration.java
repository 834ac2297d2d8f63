package dev.rvl.web;

import java.time.Clock;

import dev.rvl.domain.admission.Admission;
import dev.rvl.domain.admission.SchedulingLag;
import dev.rvl.domain.config.DatabaseSettings;
import dev.rvl.domain.config.OrdersSettings;
import dev.rvl.domain.config.PartnerSettings;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The beans both apps share: the {@code orders.*}, {@code partner.*} and {@code db.*}
 * settings (bound from {@code application.yml} into the shared records), the clock,
 * admission control and the order metrics.
 */
@AutoConfiguration
public class SharedWebConfiguration {

	@Bean
	OrdersSettings ordersSettings(Environment environment) {
		return Binder.get(environment).bindOrCreate("orders", OrdersSettings.class);
	}

	@Bean
	PartnerSettings partnerSettings(Environment environment) {
		return Binder.get(environment).bindOrCreate("partner", PartnerSettings.class);
	}

	@Bean
	DatabaseSettings databaseSettings(Environment environment) {
		return Binder.get(environment).bindOrCreate("db", DatabaseSettings.class);
	}

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	/**
	 * The app's scheduling lag; each app runs its probes on its own scheduler (the
	 * reactive app on every event loop, the Loom app on a virtual thread).
	 */
	@Bean
	SchedulingLag schedulingLag(OrdersSettings settings) {
		return new SchedulingLag(settings.admission().maxLag(), System::nanoTime);
	}

	@Bean
	Admission admission(OrdersSettings settings, SchedulingLag schedulingLag) {
		return new Admission(settings, schedulingLag);
	}

	@Bean
	OrderMetrics orderMetrics(MeterRegistry registry, Admission admission) {
		return new OrderMetrics(registry, admission);
	}

}
