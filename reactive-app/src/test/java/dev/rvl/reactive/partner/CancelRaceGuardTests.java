package dev.rvl.reactive.partner;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.rvl.contract.PartnerStub;
import io.netty.channel.EventLoop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpResponse;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The three races {@link CancelRaceGuard} takes out, each played one step after the other
 * against the real partner stub, a cancel from another thread at one moment of the
 * response's hand-over, first behind Spring's connector alone (the day one of those tests
 * fails, that race is fixed upstream), then behind the guard: a cancel as Spring's
 * connector hands the response over, with the body subscribed in the same hand-over as
 * {@code WebClient} does (spring-framework#37204: the body fails); one as Reactor Netty
 * hands it to Spring's connector (the body is left unread); one as Reactor Netty receives
 * it (the connection is closed under the next exchange). And the guard keeps the errors
 * of an exchange that was not cancelled.
 */
class CancelRaceGuardTests {

	final LoopResources loops = LoopResources.create("cancel-race-test", 1, true);

	final ConnectionProvider connections = ConnectionProvider.create("cancel-race-test", 4);

	final HttpClient http = HttpClient.create(this.connections).runOn(this.loops);

	final ClientHttpConnector spring = new ReactorClientHttpConnector(this.http);

	final URI fraudScore = PartnerStub.shared().baseUrl().resolve("/fraud/score?customerId=42&amountCents=1000");

	@AfterEach
	void dispose() {
		this.connections.dispose();
		this.loops.dispose();
	}

	@Test
	void springFailsTheBodyOfAnExchangeCancelledAsItsResponseIsHandedOver() throws Exception {
		Throwable ending = exchange(this.spring, (response, subscriber) -> {
			cancelFromAnotherThread(subscriber);
			subscribe(response.getBody(), subscriber.ending);
		});

		assertThat(ending).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("released already due to cancellation");
	}

	@Test
	void readsTheBodyOfAnExchangeCancelledAsItsResponseIsHandedOver() throws Exception {
		Throwable ending = exchange(new CancelRaceGuard(this.http), (response, subscriber) -> {
			cancelFromAnotherThread(subscriber);
			subscribe(response.getBody(), subscriber.ending);
		});

		assertThat(ending).as("the body's error, none when it completed").isNull();
	}

	@Test
	void keepsTheErrorsOfAnExchangeNotCancelled() throws Exception {
		Throwable ending = exchange(new CancelRaceGuard(this.http), (response, subscriber) -> {
			subscribe(response.getBody(), new CompletableFuture<>());
			subscribe(response.getBody(), subscriber.ending);
		});

		assertThat(ending).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("Rejecting additional inbound receiver");
	}

	@Test
	void springLeavesTheBodyOfAnExchangeCancelledAsItsResponseArrivesUnread() throws Exception {
		String unread = bodyLeftUnreadAfterACancelAsTheResponseArrives(ReactorClientHttpConnector::new);

		assertThat(unread).as("the body, still in the inbound queue with nobody to read it").contains("score");
	}

	@Test
	void readsTheBodyOfAnExchangeCancelledAsItsResponseArrives() throws Exception {
		String unread = bodyLeftUnreadAfterACancelAsTheResponseArrives(CancelRaceGuard::new);

		assertThat(unread).isEmpty();
	}

	@Test
	void reactorNettyClosesTheConnectionUnderTheNextExchangeAfterACancelAsTheResponseArrives() throws Exception {
		String next = nextExchangeAfterACancelAsTheResponseArrives(ReactorClientHttpConnector::new);

		assertThat(next).startsWith("failed").contains("Connection prematurely closed BEFORE response");
	}

	@Test
	void keepsTheConnectionOfTheNextExchangeAfterACancelAsTheResponseArrives() throws Exception {
		String next = nextExchangeAfterACancelAsTheResponseArrives(CancelRaceGuard::new);

		assertThat(next).contains("score");
	}

	/**
	 * Two exchanges on a pool of one connection, the second waiting for it; the first
	 * cancelled from another thread as Reactor Netty receives its response, before it
	 * hands the response over ({@code doOnResponse}). Returns the second's body, or how
	 * it failed.
	 */
	private String nextExchangeAfterACancelAsTheResponseArrives(Function<HttpClient, ClientHttpConnector> connector)
			throws Exception {
		ConnectionProvider one = ConnectionProvider.create("cancel-race-test-one", 1);
		try {
			ResponseSubscriber first = new ResponseSubscriber((response, ignored) -> {
			});
			AtomicBoolean armed = new AtomicBoolean(true);
			ClientHttpConnector client = connector
				.apply(HttpClient.create(one).runOn(this.loops).doOnResponse((response, connection) -> {
					if (armed.getAndSet(false)) {
						cancelFromAnotherThread(first);
					}
				}));
			client.connect(HttpMethod.GET, this.fraudScore, ClientHttpRequest::setComplete).subscribe(first);
			return client.connect(HttpMethod.GET, this.fraudScore, ClientHttpRequest::setComplete)
				.flatMap((response) -> DataBufferUtils.join(response.getBody()))
				.map((body) -> {
					String text = body.toString(StandardCharsets.UTF_8);
					DataBufferUtils.release(body);
					return text;
				})
				.onErrorResume((ex) -> Mono.just("failed: " + ex))
				.block(Duration.ofSeconds(10));
		}
		finally {
			one.dispose();
		}
	}

	/**
	 * Exchanges a request with the stub, cancelled from another thread as Reactor Netty
	 * emits the response, before the connector holds it ({@code mapConnect}: between the
	 * two); then reads what is left of the body on the connection.
	 */
	private String bodyLeftUnreadAfterACancelAsTheResponseArrives(Function<HttpClient, ClientHttpConnector> connector)
			throws Exception {
		ResponseSubscriber subscriber = new ResponseSubscriber((response, ignored) -> {
		});
		CompletableFuture<Connection> arrived = new CompletableFuture<>();
		CompletableFuture<EventLoop> loop = new CompletableFuture<>();
		HttpClient cancelledOnArrival = this.http.mapConnect((connect) -> connect.doOnNext((connection) -> {
			loop.complete(connection.channel().eventLoop());
			cancelFromAnotherThread(subscriber);
			arrived.complete(connection);
		}));
		connector.apply(cancelledOnArrival)
			.connect(HttpMethod.GET, this.fraudScore, ClientHttpRequest::setComplete)
			.subscribe(subscriber);
		Connection connection = arrived.get(10, TimeUnit.SECONDS);
		// once the whole response is in (its body may come in a later read), and after
		// what the connector and the guard do on the loop
		connection.onTerminate().block(Duration.ofSeconds(10));
		loop.get().submit(() -> null).get(10, TimeUnit.SECONDS);
		return connection.inbound().receive().asString().collect(Collectors.joining()).block(Duration.ofSeconds(10));
	}

	/**
	 * Exchanges a request with the stub and hands its response to {@code onResponse} on
	 * the event loop that received it; returns how the body subscribed there ended.
	 */
	private Throwable exchange(ClientHttpConnector connector,
			BiConsumer<ClientHttpResponse, ResponseSubscriber> onResponse) throws Exception {
		ResponseSubscriber subscriber = new ResponseSubscriber(onResponse);
		connector.connect(HttpMethod.GET, this.fraudScore, ClientHttpRequest::setComplete).subscribe(subscriber);
		return subscriber.ending.get(10, TimeUnit.SECONDS);
	}

	/**
	 * Cancels the exchange from another thread, as an order's cancel comes from the
	 * server's event loop, and waits for it on this loop by spinning on a flag (a
	 * blocking wait, {@code Thread.onSpinWait} too, would fail under BlockHound, rightly:
	 * only a test may hold an event loop for the microseconds a cancel takes). Behind
	 * Spring's connector alone the cancel has then run; behind the guard it has only been
	 * handed to this loop, to run once the hand-over in progress is done.
	 */
	private static void cancelFromAnotherThread(ResponseSubscriber subscriber) {
		AtomicBoolean cancelled = new AtomicBoolean();
		Thread.ofPlatform().start(() -> {
			subscriber.cancel();
			cancelled.set(true);
		});
		while (!cancelled.get()) {
			// spin
		}
	}

	/** Reads a body, releasing its buffers; completes with its error, or null. */
	private static void subscribe(Flux<DataBuffer> body, CompletableFuture<Throwable> ending) {
		body.subscribe(DataBufferUtils::release, ending::complete, () -> ending.complete(null));
	}

	private static final class ResponseSubscriber extends BaseSubscriber<ClientHttpResponse> {

		final CompletableFuture<Throwable> ending = new CompletableFuture<>();

		private final BiConsumer<ClientHttpResponse, ResponseSubscriber> onResponse;

		ResponseSubscriber(BiConsumer<ClientHttpResponse, ResponseSubscriber> onResponse) {
			this.onResponse = onResponse;
		}

		@Override
		protected void hookOnNext(ClientHttpResponse response) {
			this.onResponse.accept(response, this);
		}

		@Override
		protected void hookOnError(Throwable failure) {
			this.ending.completeExceptionally(failure);
		}

	}

}
