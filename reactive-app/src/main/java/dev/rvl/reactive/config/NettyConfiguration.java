package dev.rvl.reactive.config;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.LastHttpContent;
import reactor.netty.NettyPipeline;

import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A workaround for a Reactor Netty 1.3.6 bug: a keep-alive connection whose next request
 * arrives before the previous exchange has fully terminated, and is then answered at
 * once, is never read again (reactor/reactor-netty#4361, fixed after the newest release
 * this build can resolve). The client waits until its own timeout, about once in a few
 * thousand requests. After every complete response this asks the channel for one more
 * read, which is what Reactor Netty itself does when it works.
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
