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
import reactor.netty.resources.LoopResources;

/**
 * The app's event loops: one per CPU, shared by the HTTP server, the partner client and
 * the R2DBC driver - the thread-per-core model - so a request's work does not hop between
 * thread pools.
 * <ul>
 * <li>{@link #server()}: the HTTP server's I/O loops, and one more thread that only
 * accepts connections, as Tomcat's acceptor does. Reactor Netty accepts on the I/O loops
 * by default: a cold app under traffic, its one loop busy with compiling code paths,
 * accepted too late, the kernel's listen queue overflowed 36,000-62,000 times in a minute
 * and 4,000-11,000 clients waited out their SYN retransmissions into the 10 s timeout
 * ({@code bench/compare.sh --simulation cold-start}, README tuning log). Idle while the
 * clients keep their connections;</li>
 * <li>{@link #client()}: the partner client's, co-located - a partner connection is taken
 * on the loop that asks for it, as Reactor Netty does by default;</li>
 * <li>{@link #driver()}: the database driver's, <em>not</em> co-located - pooled
 * connections opened from one loop would all live on it and their queries serialize
 * (r2dbc/r2dbc-pool#190, reactor/reactor-netty#2781) - and handed out strictly round
 * robin: Reactor Netty 1.3 asks a group for {@code next()} twice per connect (Netty 4.2's
 * {@code IoEventLoopGroup.isCompatible} is {@code next().isCompatible(...)}), so with an
 * even number of loops every other loop was skipped - with two, all connections landed on
 * one thread (seen in JFR and in the benchmark's per-thread CPU).</li>
 * </ul>
 */
final class EventLoops {

	private final EventLoopGroup group;

	private final EventLoopGroup acceptor;

	EventLoops(String prefix, int threads) {
		boolean epoll = Epoll.isAvailable();
		IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
		this.group = new RoundRobinGroup(threads, new DefaultThreadFactory(prefix + (epoll ? "-epoll" : "-nio"), true),
				io);
		this.acceptor = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory(prefix + "-accept", true), io);
	}

	LoopResources server() {
		return new LoopResources() {
			@Override
			public EventLoopGroup onServer(boolean useNative) {
				return EventLoops.this.group;
			}

			@Override
			public EventLoopGroup onServerSelect(boolean useNative) {
				return EventLoops.this.acceptor;
			}
		};
	}

	LoopResources client() {
		EventLoopGroup colocated = LoopResources.colocate(this.group);
		return (useNative) -> colocated;
	}

	LoopResources driver() {
		return this::group;
	}

	/** Every loop of the group. */
	Iterable<EventExecutor> all() {
		return this.group;
	}

	void dispose() {
		this.acceptor.shutdownGracefully();
		this.group.shutdownGracefully();
	}

	private EventLoopGroup group(boolean useNative) {
		return this.group;
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
