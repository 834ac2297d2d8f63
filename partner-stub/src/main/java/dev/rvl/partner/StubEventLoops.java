package dev.rvl.partner;

import java.time.Duration;

import reactor.netty.ReactorNetty;
import reactor.netty.resources.LoopResources;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ReactorResourceFactory;

/**
 * The stub's server on one event loop per CPU it may use (or Reactor Netty's own
 * {@code -Dreactor.netty.ioWorkerCount}), instead of Reactor Netty's default of at least
 * four. The benchmark runs the stub on the harness's CPU beside Gatling and PostgreSQL,
 * where four loops took turns on one CPU (README, "The partner stub").
 */
@Configuration(proxyBeanMethods = false)
class StubEventLoops {

	/** The loops' thread names start with this. */
	static final String PREFIX = "stub";

	/**
	 * Replaces Boot's factory (global resources, Reactor Netty's default loops); the
	 * loops are disposed with it, after
	 * {@code spring.reactor.netty.shutdown-quiet-period} as Boot's would be.
	 */
	@Bean
	ReactorResourceFactory reactorResourceFactory(
			@Value("${spring.reactor.netty.shutdown-quiet-period:2s}") Duration shutdownQuietPeriod) {
		int threads = Integer.getInteger(ReactorNetty.IO_WORKER_COUNT, Runtime.getRuntime().availableProcessors());
		ReactorResourceFactory factory = new ReactorResourceFactory();
		factory.setUseGlobalResources(false);
		factory.setLoopResourcesSupplier(() -> LoopResources.create(PREFIX, Math.max(1, threads), true));
		factory.setShutdownQuietPeriod(shutdownQuietPeriod);
		return factory;
	}

}
