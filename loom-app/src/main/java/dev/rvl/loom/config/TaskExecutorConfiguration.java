package dev.rvl.loom.config;

import org.springframework.boot.task.SimpleAsyncTaskExecutorBuilder;
import org.springframework.boot.task.ThreadPoolTaskExecutorBuilder;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.task.AsyncTaskExecutor;

/**
 * The bulk producer and consumers get an executor of their own, apart from the
 * {@code applicationTaskExecutor} of the partner fan-out: virtual threads by default;
 * under {@code platform} a second pool with the fan-out pool's settings
 * ({@code spring.task.execution.pool.*}). Sharing one pool let a few bulk requests hold
 * every thread the partner calls of their own orders (and of everyone else's) were queued
 * for, so orders timed out for a reason other than the 200 request threads the baseline
 * is there to show. ({@code spring.task.execution.mode=force} keeps the auto-configured
 * {@code applicationTaskExecutor} beside this one.)
 */
@Configuration(proxyBeanMethods = false)
class TaskExecutorConfiguration {

	@Bean
	AsyncTaskExecutor bulkTaskExecutor(Environment environment, SimpleAsyncTaskExecutorBuilder virtualThreads,
			ThreadPoolTaskExecutorBuilder pool) {
		if (Threading.VIRTUAL.isActive(environment)) {
			return virtualThreads.threadNamePrefix("bulk-").build();
		}
		return pool.threadNamePrefix("bulk-").build();
	}

}
