package dev.rvl.contract;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DebuggingCaptureTests {

	/**
	 * The committed logs must not change with how many requests a Tomcat served before:
	 * its handler threads' numbers grow, and the log pattern cuts the name from the left.
	 */
	@Test
	void threadNumbersOfAnyWidthNormalizeAlike() {
		String twoDigits = "2026-11-24T02:56:36.536Z  WARN 8962 --- [loom-app] [mcat-handler-42] [trace= span=] x : y";
		String threeDigits = "2026-11-24T02:56:36.536Z  WARN 8962 --- [loom-app] [cat-handler-123] [trace= span=] x : y";
		String uncut = "2026-11-24T02:56:36.536Z  WARN 8962 --- [reactive-app] [ loop-epoll-1-2] [trace= span=] x : y";

		assertThat(DebuggingCapture.normalizeLog(List.of(twoDigits)))
			.isEqualTo(DebuggingCapture.normalizeLog(List.of(threeDigits)))
			.isEqualTo("WARN [loom-app] [...-handler-N] [trace= span=] x : y\n");
		assertThat(DebuggingCapture.normalizeLog(List.of(uncut)))
			.isEqualTo("WARN [reactive-app] [loop-epoll-N-N] [trace= span=] x : y\n");
	}

}
