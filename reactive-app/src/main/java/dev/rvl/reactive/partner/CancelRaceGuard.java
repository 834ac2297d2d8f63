package dev.rvl.reactive.partner;

import java.net.URI;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;
import reactor.util.context.Context;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpResponse;
import org.springframework.http.client.reactive.ClientHttpResponseDecorator;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;

/**
 * Spring's Reactor connector, for partner calls that are cancelled as their response
 * arrives: an order whose client goes away during its fan-out cancels two. Spring's
 * connector gets two such races wrong; the cancel comes from the server's event loop, the
 * response on the partner connection's.
 * <ul>
 * <li>A cancel just before the connector holds the response: nobody reads the body, and
 * its buffers stay in Reactor Netty's inbound queue until the garbage collector takes
 * them, never released to the pool - a leak. Here the body of a response that arrived for
 * a cancelled exchange and was never handed over is read and released on its connection's
 * event loop.</li>
 * <li>A cancel as the connector hands the response over: it marks the body released, and
 * the body, subscribed a moment later in that hand-over, fails with an
 * {@code IllegalStateException} nobody waits for, logged by Reactor at ERROR as a dropped
 * error (spring-framework#37204, fix proposed in #37205). Here the body of an exchange
 * seen cancelled ends empty instead: nobody reads it.</li>
 * </ul>
 * An exchange not cancelled is not touched and keeps every error. README, findings.
 */
final class CancelRaceGuard implements ClientHttpConnector {

	private final ClientHttpConnector connector;

	CancelRaceGuard(HttpClient http) {
		this.connector = new ReactorClientHttpConnector(http.doOnResponse(CancelRaceGuard::arrived));
	}

	@Override
	public Mono<ClientHttpResponse> connect(HttpMethod method, URI uri,
			Function<? super ClientHttpRequest, Mono<Void>> requestCallback) {
		return Mono.defer(() -> {
			Exchange exchange = new Exchange();
			return this.connector.connect(method, uri, requestCallback)
				.map(exchange::handOver)
				.doOnCancel(exchange::cancel)
				.contextWrite(Context.of(Exchange.class, exchange));
		});
	}

	/**
	 * A response arrived, on its connection's event loop, before Spring's connector saw
	 * it.
	 */
	private static void arrived(HttpClientResponse response, Connection connection) {
		Exchange exchange = response.currentContextView().getOrDefault(Exchange.class, null);
		if (exchange != null) {
			exchange.arrived(connection);
		}
	}

	/** One exchange: what happened to it, from any thread. */
	private static final class Exchange {

		private static final int ARRIVED = 1;

		private static final int CANCELLED = 2;

		private static final int HANDED_OVER = 4;

		private static final int READ = 8;

		private final AtomicInteger state = new AtomicInteger();

		private volatile Connection connection;

		// the connection's loop, taken while it is registered: a cancel closes it
		private volatile Executor loop;

		void arrived(Connection connection) {
			this.connection = connection;
			this.loop = connection.channel().eventLoop();
			if ((set(ARRIVED) & CANCELLED) != 0) {
				readLaterIfNotHandedOver();
			}
		}

		ClientHttpResponse handOver(ClientHttpResponse response) {
			set(HANDED_OVER);
			return new QuietAfterCancel(response, this);
		}

		void cancel() {
			int before = set(CANCELLED);
			if ((before & ARRIVED) != 0 && (before & HANDED_OVER) == 0) {
				readLaterIfNotHandedOver();
			}
		}

		boolean cancelled() {
			return (this.state.get() & CANCELLED) != 0;
		}

		/**
		 * After the hand-over, which runs on the connection's event loop right after the
		 * response arrived: a response that reached {@link #handOver} has a reader (a
		 * cancelled one too: WebClient subscribes to the body and cancels it, which
		 * releases it); one that did not is read here, each buffer released as it passes.
		 */
		private void readLaterIfNotHandedOver() {
			Connection arrived = this.connection;
			this.loop.execute(() -> {
				int before = this.state.getAndUpdate((flags) -> ((flags & HANDED_OVER) == 0) ? flags | READ : flags);
				if ((before & (HANDED_OVER | READ)) == 0) {
					arrived.inbound().receive().subscribe(null, (ignored) -> {
					});
				}
			});
		}

		/** Sets a flag; returns the flags before. */
		private int set(int flag) {
			return this.state.getAndUpdate((flags) -> flags | flag);
		}

	}

	private static final class QuietAfterCancel extends ClientHttpResponseDecorator {

		private final Exchange exchange;

		QuietAfterCancel(ClientHttpResponse response, Exchange exchange) {
			super(response);
			this.exchange = exchange;
		}

		@Override
		public Flux<DataBuffer> getBody() {
			return super.getBody().onErrorResume((ex) -> this.exchange.cancelled(), (ex) -> Flux.empty());
		}

	}

}
