package dev.rvl.reactive.web;

import java.net.SocketAddress;

import dev.rvl.domain.admission.Admission;
import dev.rvl.domain.admission.Admission.Refused;
import dev.rvl.domain.admission.Admission.Ticket;
import dev.rvl.domain.problem.Problem;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import reactor.netty.Connection;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.MediaType;
import org.springframework.http.server.RequestPath;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;

/**
 * Admission at the door: the {@link AdmissionFilter}'s decision, taken on the event loop
 * as soon as the HTTP codec has read a request's head, before Reactor Netty and WebFlux
 * build an exchange for it. A refused request is answered the 503 {@code overloaded}
 * problem from here (its body, if any, read and dropped; the connection kept unless the
 * client asked to close it); an admitted one goes on with its ticket on the channel,
 * which the filter takes ({@link #takeTicket}) and completes when the answer is written.
 * <p>
 * Why here: cold, with the app at its CPU quota, a refusal through WebFlux (exchange,
 * observation, filter chain, encoder) cost so much that the one event loop fell behind
 * its sockets, and requests waited unread into the client's timeout while the limits
 * could not see them; refused here, every request of a cold start under traffic was
 * answered ({@code bench/compare.sh --simulation cold-start}, README tuning log). The
 * Loom app decides in its servlet filter: Tomcat reads requests on threads of its own.
 * <p>
 * A request that arrives while an earlier one on the same connection is still being
 * answered (HTTP/1.1 pipelining) is passed on undecided - an answer from here would
 * overtake the earlier one - and the filter decides it as before. One handler per
 * connection; it runs on the connection's event loop only.
 */
public final class AdmissionHandler extends ChannelDuplexHandler {

	private static final AttributeKey<Ticket> TICKET = AttributeKey.valueOf("rvl.admission.ticket");

	private final Admission admission;

	private final JsonMapper json;

	private final RefusalLog log;

	/** Requests passed on whose answer has not been written completely yet. */
	private int answersPending;

	/** Whether the body of a refused request is still arriving (and dropped). */
	private boolean dropping;

	/**
	 * @param admission the app's admission control
	 * @param json the problem's writer
	 * @param log where a refusal is logged (the access log, if on)
	 */
	public AdmissionHandler(Admission admission, JsonMapper json, RefusalLog log) {
		this.admission = admission;
		this.json = json;
		this.log = log;
	}

	/**
	 * The ticket of the request this exchange serves if it was admitted at the door, now
	 * the exchange's to complete; {@code null} if the door did not decide it (not on
	 * Reactor Netty, pipelined, or not an {@code /api/} request).
	 */
	static Ticket takeTicket(ServerHttpRequest request) {
		return (ServerHttpRequestDecorator.getNativeRequest(request) instanceof Connection connection)
				? connection.channel().attr(TICKET).getAndSet(null) : null;
	}

	@Override
	public void channelRead(ChannelHandlerContext context, Object message) {
		if (this.dropping) {
			this.dropping = !(message instanceof LastHttpContent);
			ReferenceCountUtil.release(message);
			context.read();
			return;
		}
		if (message instanceof HttpRequest request && request.decoderResult().isSuccess()) {
			if (this.answersPending == 0 && refused(context, request)) {
				return;
			}
			this.answersPending++;
		}
		context.fireChannelRead(message);
	}

	/**
	 * Decides an {@code /api/} request: refused, it is answered here; admitted, its
	 * ticket waits on the channel for the exchange.
	 * @return whether the request was refused (and is answered)
	 */
	private boolean refused(ChannelHandlerContext context, HttpRequest request) {
		String path = new QueryStringDecoder(request.uri()).rawPath();
		if (!AdmissionFilter.isApi(RequestPath.parse(path, null))) {
			return false;
		}
		switch (isOrder(request, path) ? this.admission.admitOrder() : this.admission.admit()) {
			case Refused refused -> {
				refuse(context, request, refused);
				return true;
			}
			case Ticket ticket -> {
				hold(context.channel(), ticket);
				return false;
			}
		}
	}

	@Override
	public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
		if (message instanceof LastHttpContent && this.answersPending > 0) {
			this.answersPending--;
		}
		context.write(message, promise);
	}

	@Override
	public void channelInactive(ChannelHandlerContext context) {
		// closed before an exchange took its ticket
		hold(context.channel(), null);
		context.fireChannelInactive();
	}

	/**
	 * Holds the ticket for the next exchange; a ticket no exchange took (the request
	 * never reached WebFlux) is released as abandoned, so nothing stays counted.
	 */
	private static void hold(Channel channel, Ticket ticket) {
		Ticket untaken = channel.attr(TICKET).getAndSet(ticket);
		if (untaken != null) {
			untaken.abandoned();
		}
	}

	private static boolean isOrder(HttpRequest request, String rawPath) {
		return HttpMethod.POST.equals(request.method()) && "/api/orders".equals(rawPath);
	}

	private void refuse(ChannelHandlerContext context, HttpRequest request, Refused refused) {
		long start = System.nanoTime();
		boolean keepAlive = HttpUtil.isKeepAlive(request) && !HttpUtil.is100ContinueExpected(request);
		this.dropping = !(request instanceof LastHttpContent);
		Problem problem = refused.problem();
		byte[] body = this.json.writeValueAsBytes(problem.body());
		FullHttpResponse response = new DefaultFullHttpResponse(request.protocolVersion(),
				HttpResponseStatus.valueOf(problem.status()), Unpooled.wrappedBuffer(body));
		response.headers()
			.set(HttpHeaderNames.CONTENT_TYPE, MediaType.APPLICATION_PROBLEM_JSON_VALUE)
			.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
		problem.retryAfterSeconds()
			.ifPresent((seconds) -> response.headers().setInt(HttpHeaderNames.RETRY_AFTER, seconds));
		this.log.refused(context.channel().remoteAddress(), request, problem.status(), body.length,
				(System.nanoTime() - start) / 1_000_000);
		ReferenceCountUtil.release(request);
		if (!keepAlive) {
			response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
			context.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
			return;
		}
		context.writeAndFlush(response);
		// the rest of the body, or the next request: a no-op while auto-read is on, a
		// read if an exchange's backpressure had switched it off
		context.read();
	}

	/** Where refusals at the door are logged. */
	@FunctionalInterface
	public interface RefusalLog {

		/** Logs nothing. */
		RefusalLog NONE = (client, request, status, bodyBytes, millis) -> {
		};

		/**
		 * One request was refused.
		 * @param client the client's address
		 * @param request the request's head
		 * @param status the status answered
		 * @param bodyBytes the length of the answer's body
		 * @param millis how long answering took
		 */
		void refused(SocketAddress client, HttpRequest request, int status, int bodyBytes, long millis);

	}

}
