package dev.rvl.reactive.partner;

import java.net.URI;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;

import io.netty.channel.EventLoop;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientRequest;
import reactor.util.context.Context;

import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpResponse;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;

/**
 * Spring's Reactor connector, with the cancel of an exchange run on its connection's
 * event loop. An order whose client goes away during its fan-out cancels two partner
 * calls, from the server's event loop, while their responses arrive on the partner
 * connections' loops; a cancel that lands as a response is handed over goes wrong in
 * three ways (README, findings):
 * <ul>
 * <li>just before Spring's connector holds the response, it finds nothing to release and
 * the body stays in Reactor Netty's inbound queue, never released to the pool - a
 * leak;</li>
 * <li>as the connector hands the response over, it marks the body released, and the body,
 * subscribed a moment later in that hand-over, fails with an
 * {@code IllegalStateException} that Reactor logs at ERROR as a dropped error
 * (spring-framework#37204);</li>
 * <li>just before Reactor Netty hands the response over, it disposes the connection with
 * a close that the loop runs only after it has finished the response and given the
 * connection to the next exchange, which fails ("Connection prematurely closed BEFORE
 * response").</li>
 * </ul>
 * On the loop a cancel comes either before the response is read, when the connection is
 * closed at once, or after the hand-over, when Spring's connector releases a body nobody
 * read. A cancel before the request is sent runs where it comes from: the response cannot
 * have arrived yet.
 */
final class CancelRaceGuard implements ClientHttpConnector {

	private final ClientHttpConnector connector;

	CancelRaceGuard(HttpClient http) {
		this.connector = new ReactorClientHttpConnector(http.doOnRequest(CancelRaceGuard::sending));
	}

	@Override
	public Mono<ClientHttpResponse> connect(HttpMethod method, URI uri,
			Function<? super ClientHttpRequest, Mono<Void>> requestCallback) {
		return Mono.defer(() -> {
			Exchange exchange = new Exchange();
			return this.connector.connect(method, uri, requestCallback)
				.cancelOn(Schedulers.fromExecutor(exchange))
				.contextWrite(Context.of(Exchange.class, exchange));
		});
	}

	/** The request is about to be sent, on its connection's event loop. */
	private static void sending(HttpClientRequest request, Connection connection) {
		Exchange exchange = request.currentContextView().getOrDefault(Exchange.class, null);
		if (exchange != null) {
			exchange.loop = connection.channel().eventLoop();
		}
	}

	/** Runs the cancel of one exchange on its connection's loop, once it has one. */
	private static final class Exchange implements Executor {

		private volatile EventLoop loop;

		@Override
		public void execute(Runnable cancel) {
			EventLoop connectionLoop = this.loop;
			if (connectionLoop == null || connectionLoop.inEventLoop()) {
				cancel.run();
			}
			else {
				try {
					connectionLoop.execute(cancel);
				}
				catch (RejectedExecutionException shuttingDown) {
					cancel.run();
				}
			}
		}

	}

}
