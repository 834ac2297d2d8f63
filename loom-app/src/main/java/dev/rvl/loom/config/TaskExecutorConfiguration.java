package dev.rvl.loom.config;

import org.springframework.boot.task.SimpleAsyncTaskExecutorBuilder;
import org.springframework.boot.task.ThreadPoolTaskExecutorBuilder;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.task.TaskDecorator;
import org.springframework.core.task.support.ContextPropagatingTaskDecorator;
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

	/**
	 * Under {@code tracing}, the fan-out's and the bulk tasks carry the request's trace:
	 * Boot's executor builders apply this decorator to the tasks they run, which then see
	 * the submitting thread's trace context (and MDC ids in their log lines), and the
	 * partner client sends the request's {@code traceparent} instead of starting a trace
	 * of its own per call (seen with the client's header logging). Off otherwise: nothing
	 * to carry. The structured fan-out ({@code partner.fan-out=structured}) forks threads
	 * of its own that it does not decorate.
	 */
	@Bean
	@Profile("tracing")
	TaskDecorator contextPropagatingTaskDecorator() {
		return new ContextPropagatingTaskDecorator();
	}

	@Bean
	AsyncTaskExecutor bulkTaskExecutor(Environment environment, SimpleAsyncTaskExecutorBuilder virtualThreads,
			ThreadPoolTaskExecutorBuilder pool) {
		if (Threading.VIRTUAL.isActive(environment)) {
			return virtualThreads.threadNamePrefix("bulk-").build();
		}
		return pool.threadNamePrefix("bulk-").build();
	}

}
