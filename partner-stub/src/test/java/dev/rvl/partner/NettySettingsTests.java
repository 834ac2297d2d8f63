package dev.rvl.partner;

import java.util.ArrayList;
import java.util.List;

import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.EventExecutor;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.client.ReactorResourceFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stub's Netty spends the harness's CPU on the calls only: one event loop per CPU it
 * may use ({@link StubEventLoops}), checked at run time after real calls - no loop of
 * Reactor Netty's defaults (at least four, {@code reactor-http-*}) was started - and no
 * buffer tracked for leaks.
 */
class NettySettingsTests extends StubHttpTests {

	@Autowired
	private ReactorResourceFactory resources;

	@Test
	void servesOnOneLoopPerCpuAndOnNoDefaultLoop() throws Exception {
		for (int i = 0; i < 8; i++) {
			assertThat(this.stub.get(fraudPath(i + 1, 100)).status()).isEqualTo(200);
		}
		List<String> serverLoops = new ArrayList<>();
		for (EventExecutor loop : this.resources.getLoopResources().onServer(true)) {
			serverLoops.add(loop.submit(() -> Thread.currentThread().getName()).get());
		}
		assertThat(serverLoops).isNotEmpty()
			.hasSizeLessThanOrEqualTo(Runtime.getRuntime().availableProcessors())
			.allMatch((name) -> name.matches(StubEventLoops.PREFIX + "-(epoll|nio)-\\d+"));
		assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
			.noneMatch((name) -> name.startsWith("reactor-http-"));
	}

	@Test
	void tracksNoBuffersForLeaks() {
		assertThat(ResourceLeakDetector.getLevel()).isEqualTo(ResourceLeakDetector.Level.DISABLED);
	}

}
