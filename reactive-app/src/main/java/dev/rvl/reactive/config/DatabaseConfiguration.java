package dev.rvl.reactive.config;

import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import reactor.netty.resources.LoopResources;

import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * R2DBC driver settings.
 * <p>
 * The driver gets event loops of its own. On the server's shared loops, pooled
 * connections opened from one loop are co-located on it and their queries serialize
 * (r2dbc/r2dbc-pool#190, reactor/reactor-netty#2781); the benchmark checks that the
 * pool's connections run in parallel.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

	@Bean(destroyMethod = "dispose")
	LoopResources r2dbcLoopResources() {
		int loops = Math.max(2, Runtime.getRuntime().availableProcessors());
		// colocate = false: connections opened from one of these loops still spread over
		// all.
		return LoopResources.create("r2dbc-pg", loops, loops, true, false);
	}

	@Bean
	ConnectionFactoryOptionsBuilderCustomizer r2dbcLoops(LoopResources r2dbcLoopResources) {
		return (options) -> options.option(PostgresqlConnectionFactoryProvider.LOOP_RESOURCES, r2dbcLoopResources);
	}

}
