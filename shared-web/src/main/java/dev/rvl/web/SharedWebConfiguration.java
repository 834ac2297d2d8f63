package dev.rvl.web;

import java.time.Clock;

import dev.rvl.domain.admission.Admission;
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

	@Bean
	Admission admission(OrdersSettings settings) {
		return new Admission(settings);
	}

	@Bean
	OrderMetrics orderMetrics(MeterRegistry registry, Admission admission) {
		return new OrderMetrics(registry, admission);
	}

}
