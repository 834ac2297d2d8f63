package dev.rvl.reactive.config;

import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import reactor.netty.ReactorNetty;
import reactor.netty.resources.LoopResources;

import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

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

	@Bean
	NettyServerCustomizer serverOnTheAppsLoops(EventLoops loops) {
		return (server) -> server.runOn(loops.server());
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
