package dev.rvl.partner;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;

import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.reactive.function.server.ServerRequest;

/**
 * Waits on a timer of the request's own Netty event loop, so the answer is then encoded
 * and written on that same thread: no thread hop per request, and buffers come from the
 * loop's own allocator cache instead of the lock-guarded one that other threads (such as
 * Reactor's {@code parallel} scheduler behind {@code Mono.delay}) share.
 */
final class EventLoopTimer {

	private EventLoopTimer() {
	}

	/**
	 * Completes after the delay; cancelling (the client went away) cancels the timer.
	 * @param request the request whose event loop keeps the time
	 * @param delay how long to wait
	 * @return an empty Mono completing after {@code delay}
	 */
	static Mono<Void> delay(ServerRequest request, Duration delay) {
		Object nativeRequest = ServerHttpRequestDecorator.getNativeRequest(request.exchange().getRequest());
		if (!(nativeRequest instanceof Connection connection)) {
			return Mono.delay(delay).then(); // not served by Reactor Netty
		}
		EventLoop eventLoop = connection.channel().eventLoop();
		return Mono.create((sink) -> {
			ScheduledFuture<?> timer = eventLoop.schedule(() -> sink.success(), delay.toNanos(), TimeUnit.NANOSECONDS);
			sink.onCancel(() -> timer.cancel(false));
		});
	}

}
