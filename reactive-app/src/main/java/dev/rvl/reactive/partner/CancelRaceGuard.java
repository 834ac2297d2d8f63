package dev.rvl.reactive.partner;

import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpResponse;
import org.springframework.http.client.reactive.ClientHttpResponseDecorator;

/**
 * A partner call cancelled just as its response arrives ends quietly. Spring's Reactor
 * connector, cancelled on one thread while it hands the response over on another, marks
 * the body released; the body, subscribed a moment later as part of that hand-over, fails
 * with an {@code IllegalStateException} nobody waits for, and Reactor logs it as a
 * dropped error, at ERROR (spring-framework#37204, fix proposed in #37205). About one in
 * 25 cancellations near the response did in a probe (README, findings); an order whose
 * client goes away during its fan-out cancels one.
 * <p>
 * Here the body of an exchange this connector saw cancelled ends empty instead: nobody
 * reads it. An exchange not cancelled keeps every error.
 */
final class CancelRaceGuard implements ClientHttpConnector {

	private final ClientHttpConnector connector;

	CancelRaceGuard(ClientHttpConnector connector) {
		this.connector = connector;
	}

	@Override
	public Mono<ClientHttpResponse> connect(HttpMethod method, URI uri,
			Function<? super ClientHttpRequest, Mono<Void>> requestCallback) {
		return Mono.defer(() -> {
			AtomicBoolean cancelled = new AtomicBoolean();
			return this.connector.connect(method, uri, requestCallback)
				.<ClientHttpResponse>map((response) -> new QuietAfterCancel(response, cancelled))
				.doOnCancel(() -> cancelled.set(true));
		});
	}

	private static final class QuietAfterCancel extends ClientHttpResponseDecorator {

		private final AtomicBoolean cancelled;

		QuietAfterCancel(ClientHttpResponse response, AtomicBoolean cancelled) {
			super(response);
			this.cancelled = cancelled;
		}

		@Override
		public Flux<DataBuffer> getBody() {
			return super.getBody().onErrorResume((ex) -> this.cancelled.get(), (ex) -> Flux.empty());
		}

	}

}
