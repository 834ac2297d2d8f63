package dev.rvl.bench;

import java.io.StringReader;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Samples are attributed to the innermost frame of a component, by the same rules for
 * both stacks, on collapsed stacks written by hand in async-profiler's format.
 */
class CpuComponentsTests {

	@Test
	void countsEachSampleForTheInnermostComponentFrame() throws Exception {
		String collapsed = """
				[loop-epoll-1-1 tid=7];io/netty/channel/epoll/EpollEventLoop.run_[j];io/r2dbc/postgresql/client/ReactorNettyClient.lambda_[i];reactor/core/publisher/FluxMap$MapSubscriber.onNext_[j] 30
				[loop-epoll-1-1 tid=7];io/netty/channel/epoll/EpollEventLoop.run_[j];io/r2dbc/postgresql/client/ReactorNettyClient.lambda_[i];java/util/HashMap.get_[i] 20
				[loop-epoll-1-1 tid=7];io/r2dbc/postgresql/client/ReactorNettyClient.lambda_[i];reactor/pool/SimpleDequePool.release_[i];reactor/netty/http/client/HttpClientConnect.subscribe_[i];io/netty/channel/AbstractChannel.write_[i];tcp_sendmsg_[k] 10
				[ForkJoinPool-1-worker-1 tid=9];java/lang/VirtualThread.run_[j];org/apache/catalina/core/StandardWrapperValve.invoke_[i];dev/rvl/loom/order/OrderService.place_[j];org/postgresql/core/v3/QueryExecutorImpl.execute_[j];sun/nio/ch/SocketDispatcher.read0_[j];do_syscall_64_[k] 25
				[ForkJoinPool-1-worker-1 tid=9];java/lang/VirtualThread.run_[j];org/apache/catalina/core/StandardWrapperValve.invoke_[i];org/springframework/web/client/RestClient.retrieve_[i] 5
				[ForkJoinPool-1-worker-1 tid=9];java/lang/VirtualThread.run_[j];org/apache/catalina/core/StandardWrapperValve.invoke_[i];dev/rvl/domain/pricing/Pricing.price_[j] 5
				[C2 CompilerThread0 tid=3];thread_native_entry;Compile::Compile 40
				[GC Thread#0 tid=4];G1ParScanThreadState::trim_queue 5
				[ForkJoinPool-1-worker-1 tid=9];java/util/concurrent/ForkJoinPool.awaitWork_[j];finish_task_switch_[k] 10
				[loop-epoll-1-1 tid=7];reactor/netty/http/server/HttpServerOperations.send_[i];reactor/core/publisher/MonoFlatMap$FlatMapMain.onNext_[j];reactor/netty/channel/MonoSendMany.subscribe_[i];io/netty/channel/AbstractChannel.flush_[i];tcp_sendmsg_[k] 10
				[loop-epoll-1-1 tid=7];reactor/netty/http/server/HttpServerOperations.onInboundNext_[i];reactor/core/publisher/FluxMap$MapSubscriber.onNext_[j];java/util/concurrent/atomic/AtomicLong.get_[i];itable stub 10
				""";

		CpuComponents components = CpuComponents.of(new StringReader(collapsed), 2.0);

		assertThat(components.samples()).isEqualTo(170);
		assertThat(components.shares())
			.extracting(CpuComponents.Share::component, CpuComponents.Share::samples, CpuComponents.Share::msPerOrder)
			.containsExactly(tuple("database access (driver, pool, transactions)", 45L, 0.529),
					tuple(CpuComponents.OPERATORS, 40L, 0.471), tuple(CpuComponents.JIT, 40L, 0.471),
					tuple("partner calls (HTTP client)", 15L, 0.176), tuple(CpuComponents.OTHER, 10L, 0.118),
					tuple("HTTP server, web framework, JSON", 10L, 0.118),
					tuple("the app's own code (dev.rvl)", 5L, 0.059), tuple(CpuComponents.GC, 5L, 0.059));
		assertThat(components.shares()).filteredOn((share) -> share.component().startsWith("HTTP server"))
			.singleElement()
			.as("a response's socket write below an operator counts for the server")
			.satisfies((share) -> assertThat(share.kernelPercent()).isEqualTo(100.0));
		assertThat(components.shares()).filteredOn((share) -> share.component().startsWith("database"))
			.singleElement()
			.satisfies((share) -> {
				assertThat(share.percent()).isEqualTo(26.5);
				assertThat(share.kernelPercent()).as("25 of its 45 samples in the kernel").isEqualTo(55.6);
			});
	}

	@Test
	void hasNoCpuPerOrderWithoutTheStepsFigure() throws Exception {
		CpuComponents components = CpuComponents.of(new StringReader("[main tid=1];dev/rvl/App.main_[j] 3\n"), null);

		assertThat(components.shares()).singleElement()
			.satisfies((share) -> assertThat(share.msPerOrder()).isNull())
			.satisfies((share) -> assertThat(share.percent()).isEqualTo(100.0));
	}

}
