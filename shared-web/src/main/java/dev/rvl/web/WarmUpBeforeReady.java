package dev.rvl.web;

import java.net.URI;
import java.util.Locale;

import dev.rvl.domain.config.WarmUpSettings;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Runs the app's {@link WarmUp} before it reports ready: runners run after the web server
 * has started and before the readiness state becomes {@code ACCEPTING_TRAFFIC}. It runs
 * last of the runners, after each app's {@code poolFilledBeforeReady}. Without a server
 * port (a test context without a server) there is nothing to warm. What it did is logged
 * and kept as gauges: {@code orders.warm-up.duration} (seconds, tagged {@code ending}:
 * {@code settled}, {@code time-up} or {@code gave-up}) and
 * {@code orders.warm-up.requests} (tagged {@code answer}: {@code expected},
 * {@code refused} - 503 by the app's own admission - or {@code other}).
 */
final class WarmUpBeforeReady implements ApplicationRunner, Ordered {

	private static final Log logger = LogFactory.getLog(WarmUpBeforeReady.class);

	private final WarmUpSettings settings;

	private final Environment environment;

	private final MeterRegistry registry;

	WarmUpBeforeReady(WarmUpSettings settings, Environment environment, MeterRegistry registry) {
		this.settings = settings;
		this.environment = environment;
		this.registry = registry;
	}

	@Override
	public void run(ApplicationArguments arguments) throws InterruptedException {
		Integer port = this.environment.getProperty("local.server.port", Integer.class);
		if (!this.settings.enabled() || port == null || port <= 0) {
			return;
		}
		WarmUp.Result result = new WarmUp(this.settings).run(URI.create("http://" + address() + ":" + port));
		String ending = result.ending().name().toLowerCase(Locale.ROOT).replace('_', '-');
		Gauge.builder("orders.warm-up.duration", () -> result.duration().toNanos() / 1e9)
			.description("How long the warm-up before ready took")
			.baseUnit("seconds")
			.tag("ending", ending)
			.register(this.registry);
		requests("expected", result.expected());
		requests("refused", result.refused());
		requests("other", result.unexpected());
		String summary = String.format(
				"Warm-up %s after %d ms: %d requests (%d as expected, %d refused 503, %d other), "
						+ "the JIT %d ms in the last second",
				ending, result.duration().toMillis(), result.requests(), result.expected(), result.refused(),
				result.unexpected(), result.lastWindowCompilationMillis());
		if (result.ending() == WarmUp.Ending.GAVE_UP) {
			logger.warn(summary + "; gave up, first unexpected answer: " + result.firstUnexpected());
		}
		else {
			logger.info(summary);
		}
	}

	private void requests(String answer, long count) {
		Gauge.builder("orders.warm-up.requests", () -> count)
			.description("The warm-up's requests by answer: expected, refused (503) or other")
			.tag("answer", answer)
			.register(this.registry);
	}

	/** The server's address as a client reaches it: loopback unless bound elsewhere. */
	private String address() {
		String address = this.environment.getProperty("server.address");
		if (address == null || address.isBlank() || address.equals("0.0.0.0") || address.equals("::")) {
			return "127.0.0.1";
		}
		return address.contains(":") ? "[" + address + "]" : address;
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
