package dev.rvl.reactive.config;

import java.util.Iterator;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandle;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import reactor.netty.resources.LoopResources;

import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * R2DBC driver settings: the driver's connections on event loops of its own, spread over
 * all of them.
 * <p>
 * Two pitfalls put every pooled connection on one thread, where their queries serialize
 * and the pool's hand-over runs each waiting request's pipeline (r2dbc/r2dbc-pool#190):
 * <ul>
 * <li>on the server's shared loops, a connection opened from a loop thread is co-located
 * on that loop (reactor/reactor-netty#2781);</li>
 * <li>on loops of its own ({@code LoopResources.create(…, colocate = false)}), every
 * connect still asks the group for its {@code next()} loop twice (Reactor Netty 1.3
 * checks the group's compatibility with {@code IoEventLoopGroup.isCompatible}, which in
 * Netty 4.2 is {@code next().isCompatible(…)}), so with an even number of loops the round
 * robin skips every other loop: with 2 loops, all connections landed on
 * {@code r2dbc-pg-epoll-1} (seen in JFR and in the benchmark's per-thread CPU).</li>
 * </ul>
 * {@link DriverLoops} answers the compatibility check without moving the round robin. The
 * benchmark's per-thread CPU table shows the connections' work spread over the loops.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

	@Bean(destroyMethod = "dispose")
	LoopResources r2dbcLoopResources() {
		return new DriverLoops("r2dbc-pg", Runtime.getRuntime().availableProcessors());
	}

	@Bean
	ConnectionFactoryOptionsBuilderCustomizer r2dbcLoops(LoopResources r2dbcLoopResources) {
		return (options) -> options.option(PostgresqlConnectionFactoryProvider.LOOP_RESOURCES, r2dbcLoopResources);
	}

	/**
	 * Event loops for the driver's connections, handed out strictly round robin: one
	 * {@code next()} per connection.
	 */
	static final class DriverLoops implements LoopResources {

		private final EventLoopGroup loops;

		DriverLoops(String prefix, int threads) {
			IoHandlerFactory io = Epoll.isAvailable() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
			this.loops = new RoundRobinGroup(threads, new DefaultThreadFactory(prefix + "-" + kind(), true), io);
		}

		private static String kind() {
			return Epoll.isAvailable() ? "epoll" : "nio";
		}

		@Override
		public EventLoopGroup onServer(boolean useNative) {
			return this.loops;
		}

		@Override
		public EventLoopGroup onClient(boolean useNative) {
			return this.loops;
		}

		@Override
		public boolean daemon() {
			return true;
		}

		@Override
		public void dispose() {
			this.loops.shutdownGracefully();
		}

	}

	/**
	 * A loop group whose compatibility check does not consume a turn of the round robin.
	 */
	static final class RoundRobinGroup extends MultiThreadIoEventLoopGroup {

		RoundRobinGroup(int threads, DefaultThreadFactory threadFactory, IoHandlerFactory io) {
			super(threads, threadFactory, io);
		}

		@Override
		public boolean isCompatible(Class<? extends IoHandle> handleType) {
			// every loop of the group has the same IoHandler: ask the first one
			Iterator<EventExecutor> loops = iterator();
			return loops.hasNext() && ((IoEventLoop) loops.next()).isCompatible(handleType);
		}

	}

}
