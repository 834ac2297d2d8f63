package dev.rvl.reactive.config;

import java.net.SocketAddress;
import java.net.URI;
import java.net.URISyntaxException;

import dev.rvl.domain.admission.Admission;
import dev.rvl.domain.problem.Problems;
import dev.rvl.reactive.web.AdmissionHandler;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import reactor.netty.NettyPipeline;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Three handlers in the HTTP server's pipeline, behind its codec.
 * <p>
 * {@link AdmissionHandler}: admission control at the door, before Reactor Netty's
 * {@code HttpTrafficHandler} makes an exchange of the request (its Javadoc says why).
 * <p>
 * {@link InvalidRequestProblem}: Reactor Netty answers a request whose line or headers it
 * cannot read (longer than {@code server.netty.max-initial-line-length} or its 8 KB of
 * headers, malformed) itself, with an empty 414, 431 or 400 - statuses and bodies the
 * description does not have. Tomcat answers those 400, and the Loom app's
 * {@code ProblemErrorReportValve} makes that the {@code validation} problem; this does
 * the same here, for them and for the requests Tomcat refuses after reading them (a
 * target that is no URI, an HTTP version or an expectation it does not support), and
 * closes the connection as both servers do after such a request. A body the codec cannot
 * decode (Reactor Netty: an empty 400) fails the body's reader, and the app answers the
 * {@code malformed-body} problem the Loom app's valve makes of Tomcat's 400.
 * <p>
 * {@link ReadAfterResponse}, a workaround for a Reactor Netty 1.3.6 bug: a keep-alive
 * connection whose next request arrives before the previous exchange has fully
 * terminated, and is then answered at once, is never read again
 * (reactor/reactor-netty#4361, fixed after the newest release this build can resolve).
 * The client waits until its own timeout, about once in a few thousand requests. After
 * every complete response this asks the channel for one more read, which is what Reactor
 * Netty itself does when it works.
 */
@Configuration(proxyBeanMethods = false)
class NettyConfiguration {

	@Bean
	NettyServerCustomizer keepAliveReads() {
		return (server) -> server.doOnChannelInit((observer, channel, remoteAddress) -> {
			if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
				channel.pipeline().addAfter(NettyPipeline.HttpCodec, "rvl.keepAliveReads", ReadAfterResponse.INSTANCE);
			}
		});
	}

	@Bean
	NettyServerCustomizer admissionAtTheDoor(Admission admission, JsonMapper json,
			@Value("${access-log.enabled:false}") boolean accessLog) {
		// Reactor Netty's access log sits behind its HttpTrafficHandler: it never sees a
		// refusal at the door, which is logged in its format here
		AdmissionHandler.RefusalLog log = accessLog ? NettyConfiguration::logRefusal : AdmissionHandler.RefusalLog.NONE;
		return (server) -> server.doOnChannelInit((observer, channel, remoteAddress) -> {
			if (channel.pipeline().get(NettyPipeline.HttpTrafficHandler) != null) {
				channel.pipeline()
					.addBefore(NettyPipeline.HttpTrafficHandler, "rvl.admission",
							new AdmissionHandler(admission, json, log));
			}
		});
	}

	private static void logRefusal(SocketAddress client, HttpRequest request, int status, int bodyBytes, long millis) {
		AccessLogConfiguration.log(client, request.method().name(), request.uri(), request.protocolVersion().text(),
				status, bodyBytes, millis);
	}

	@Bean
	NettyServerCustomizer invalidRequestProblems() {
		return (server) -> server.doOnChannelInit((observer, channel, remoteAddress) -> {
			if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
				channel.pipeline()
					.addAfter(NettyPipeline.HttpCodec, "rvl.invalidRequestProblem", new InvalidRequestProblem());
			}
		});
	}

	/**
	 * Answers a request the codec could not decode, or one it read but Tomcat refuses
	 * ({@link #refusedAsIs}), with the {@code validation} problem, then closes the
	 * connection; drops whatever else arrives on it. A body it could not decode fails the
	 * body's reader instead, so that the app, which has the request in hand, answers it
	 * ({@code malformed-body}). One per connection.
	 */
	static final class InvalidRequestProblem extends ChannelInboundHandlerAdapter {

		private static final byte[] BODY = JsonMapper.builder()
			.build()
			.writeValueAsBytes(Problems.invalidHttpRequest().body());

		private boolean answered;

		@Override
		public void channelRead(ChannelHandlerContext context, Object message) {
			if (this.answered) {
				ReferenceCountUtil.release(message);
				return;
			}
			if (message instanceof HttpRequest request
					&& (request.decoderResult().isFailure() || refusedAsIs(request))) {
				this.answered = true;
				ReferenceCountUtil.release(message);
				FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
						HttpResponseStatus.BAD_REQUEST, Unpooled.wrappedBuffer(BODY));
				response.headers()
					.set(HttpHeaderNames.CONTENT_TYPE, "application/problem+json")
					.setInt(HttpHeaderNames.CONTENT_LENGTH, BODY.length)
					.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
				context.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
				return;
			}
			if (message instanceof HttpContent content && content.decoderResult().isFailure()) {
				// A body the codec could not decode (a chunk size that is not hex, say):
				// Reactor Netty would answer an empty 400 in the app's place. The body's
				// reader fails instead, as when a body stalls, and the app answers its
				// malformed-body problem (the Loom app's answer, from Tomcat's 400).
				this.answered = true;
				Throwable cause = content.decoderResult().cause();
				ReferenceCountUtil.release(message);
				context.fireExceptionCaught(
						(cause instanceof DecoderException decoding) ? decoding : new DecoderException(cause));
				return;
			}
			context.fireChannelRead(message);
		}

		/**
		 * A request the codec read but Tomcat refuses, and so does this: a request target
		 * that is no URI (a {@code %}-escape that does not decode, a character such as
		 * {@code |}; WebFlux answered a bare 400, or, for the path, closed the connection
		 * without an answer), an HTTP version other than 1.x, or an expectation other
		 * than {@code 100-continue} (Tomcat's 505 and 417).
		 */
		static boolean refusedAsIs(HttpRequest request) {
			return request.protocolVersion().majorVersion() != 1 || unsupportedExpectation(request)
					|| !isUri(request.uri());
		}

		private static boolean isUri(String target) {
			try {
				new URI(target);
				return true;
			}
			catch (URISyntaxException ex) {
				return false;
			}
		}

		/**
		 * An HTTP/1.1 {@code Expect} other than {@code 100-continue}, as Netty's own
		 * check.
		 */
		private static boolean unsupportedExpectation(HttpRequest request) {
			String expect = request.headers().get(HttpHeaderNames.EXPECT);
			return expect != null && HttpVersion.HTTP_1_1.equals(request.protocolVersion())
					&& !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect);
		}

	}

	/** Requests one read once the last part of a response has been written. */
	@Sharable
	static final class ReadAfterResponse extends ChannelOutboundHandlerAdapter {

		static final ReadAfterResponse INSTANCE = new ReadAfterResponse();

		@Override
		public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
			if (!(message instanceof LastHttpContent)) {
				context.write(message, promise);
				return;
			}
			Channel channel = context.channel();
			ChannelPromise observed = promise.unvoid();
			observed.addListener((written) -> {
				if (written.isSuccess() && channel.isActive()) {
					channel.eventLoop().execute(channel::read);
				}
			});
			context.write(message, observed);
		}

	}

}
