package dev.rvl.readability;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the page counts in a trace.
 */
class StackTracesTests {

	static final String ENHANCED = """
			dev.rvl.domain.problem.ProblemException: partner-timeout: late
				at dev.rvl.domain.problem.Problems.partnerTimeout(Problems.java)
				Suppressed: The stacktrace has been enhanced by Reactor, refer to additional information below:\s
			Error has been observed at the following site(s):
				*_____Mono.onErrorMap ⇢ at dev.rvl.reactive.partner.PartnerClient.quotes(PartnerClient.java)
				|_           Mono.map ⇢ at dev.rvl.reactive.order.OrderService.price(OrderService.java)
				|_         checkpoint ⇢ Handler dev.rvl.reactive.order.OrderController#place(Flux, String) [DispatcherHandler]
			Original Stack Trace:
					at dev.rvl.domain.problem.Problems.partnerTimeout(Problems.java)
					at dev.rvl.reactive.partner.PartnerClient.lambda$quotes$N(PartnerClient.java)
					at reactor.core.publisher.Mono.lambda$onErrorMap$N(Mono.java)
					at java.base/java.lang.Thread.run(Thread.java)
			Caused by: java.util.concurrent.TimeoutException: late
				at reactor.core.publisher.FluxTimeout$TimeoutMainSubscriber.handleTimeout(FluxTimeout.java)
				... 3 more
			""";

	@Test
	void countsPrintedFramesOnceAndTheOwnOnes() {
		StackTraces.Trace trace = trace(ENHANCED);

		assertThat(trace.frames()).isEqualTo(5);
		assertThat(trace.ownFrames()).isEqualTo(2);
		assertThat(trace.ownShare()).isEqualTo(40);
		assertThat(trace.sites()).isEqualTo(3);
	}

	@Test
	void namesEachProjectMethodOnceWhereverItAppears() {
		assertThat(trace(ENHANCED).ownMethods()).containsExactly("Problems.partnerTimeout", "PartnerClient.quotes",
				"OrderService.price", "OrderController.place");
	}

	private static StackTraces.Trace trace(String text) {
		StackTraces.Variant reactive = StackTraces.VARIANTS.stream()
			.filter((variant) -> variant.id().equals("reactive"))
			.findFirst()
			.orElseThrow();
		return StackTraces.Trace.of(StackTraces.SCENARIOS.get(0), reactive, "x.txt", text);
	}

}
