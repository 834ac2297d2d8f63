package dev.rvl.reactive.config;

import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import reactor.netty.ReactorNetty;
import reactor.netty.resources.LoopResources;

import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ReactorResourceFactory;

/**
 * The app's event loops ({@link EventLoops}) under the HTTP server, the partner client
 * and the R2DBC driver: one per CPU the JVM may use, or Reactor Netty's own
 * {@code -Dreactor.netty.ioWorkerCount}.
 * <p>
 * Measured on one CPU at 300 orders/s (async-profiler, per-thread CPU): Reactor Netty's
 * defaults - four server loops, the driver on loops of its own - held 95 orders/s with a
 * p50 of 8.7 s; one shared loop held all 300 with a p50 of 110 ms (README, tuning log).
 */
@Configuration(proxyBeanMethods = false)
class EventLoopConfiguration {

	@Bean(destroyMethod = "dispose")
	EventLoops eventLoops() {
		int threads = Integer.getInteger(ReactorNetty.IO_WORKER_COUNT, Runtime.getRuntime().availableProcessors());
		return new EventLoops("loop", Math.max(1, threads));
	}

	/**
	 * The HTTP server on the app's loops. Not a {@code NettyServerCustomizer}: Boot's
	 * {@code NettyWebServer} runs the server on this factory's loops when it starts,
	 * after every customizer, so a customizer's {@code runOn} does not hold - the server
	 * ran on Reactor Netty's four default {@code reactor-http-epoll} loops beside the
	 * app's one (async-profiler, per-thread samples).
	 */
	@Bean
	ReactorResourceFactory reactorResourceFactory(EventLoops loops) {
		ReactorResourceFactory factory = new ReactorResourceFactory();
		factory.setUseGlobalResources(false);
		factory.setLoopResources(loops.server());
		return factory;
	}

	/** The partner client's loops (co-located). */
	@Bean
	LoopResources partnerClientLoops(EventLoops loops) {
		return loops.client();
	}

	@Bean
	ConnectionFactoryOptionsBuilderCustomizer driverOnTheAppsLoops(EventLoops loops) {
		return (options) -> options.option(PostgresqlConnectionFactoryProvider.LOOP_RESOURCES, loops.driver());
	}

}
