package dev.rvl.contract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

	/**
	 * Nor with how many Netty thread factories the JVM made before the app's loops: a
	 * two-digit pool number fills the field exactly, a three-digit one is cut, and the
	 * live thread of that name says which loop it is.
	 */
	@Test
	void theAppsLoopsReadAlikeWhateverTheirPoolNumber() {
		String firstPool = "2026-11-24T02:56:36.536Z  INFO 8962 --- [reactive-app] [ loop-epoll-1-2] [trace= span=] x : y";
		String tenthPool = "2026-11-24T02:56:36.536Z  INFO 8962 --- [reactive-app] [loop-epoll-10-2] [trace= span=] x : y";
		String hundredthPool = "2026-11-24T02:56:36.536Z  INFO 8962 --- [reactive-app] [oop-epoll-100-2] [trace= span=] x : y";
		List<String> live = List.of("main", "loop-epoll-1-2", "loop-epoll-10-2", "loop-epoll-100-2");

		assertThat(DebuggingCapture.normalizeLog(List.of(tenthPool), live))
			.isEqualTo(DebuggingCapture.normalizeLog(List.of(hundredthPool), live))
			.isEqualTo(DebuggingCapture.normalizeLog(List.of(firstPool), live))
			.isEqualTo("INFO [reactive-app] [loop-epoll-N-N] [trace= span=] x : y\n");
		assertThat(DebuggingCapture.normalizeLog(List.of(hundredthPool), List.of("main")))
			.as("a name no live thread explains")
			.isEqualTo("INFO [reactive-app] [...-epoll-N-N] [trace= span=] x : y\n");
	}

	/**
	 * Nor with the moment the dump catches a periodic thread: the Loom app's
	 * scheduling-lag probe sleeps between its wake-ups, and a dump finds it TIMED_WAITING
	 * in its sleep or, just woken, RUNNABLE in the same frames (a CI run did). Threads
	 * held by an order show their state.
	 */
	@Test
	void aThreadInASleepReadsAsSleepingAtEitherMoment(@TempDir Path dir) throws IOException {
		String asleep = DebuggingCapture.summarize("loom", "dev.rvl.loom",
				dump(dir.resolve("asleep.json"), "TIMED_WAITING"), 80);
		String woken = DebuggingCapture.summarize("loom", "dev.rvl.loom", dump(dir.resolve("woken.json"), "RUNNABLE"),
				80);

		assertThat(woken).isEqualTo(asleep)
			.contains("1 virtual sleeping threads, dev.rvl.loom.config.SchedulingLagProbes.lambda$start$N")
			.contains("Stack of one virtual thread \"scheduling-lag\" (sleeping)")
			.contains("1 virtual TIMED_WAITING threads, dev.rvl.loom.partner.PartnerClient.fraudScore")
			.doesNotContain("RUNNABLE");
	}

	private static Path dump(Path file, String probeState) throws IOException {
		String probe = """
				{"name": "scheduling-lag", "virtual": true, "state": "%s", "stack": [
				  "java.base/java.lang.VirtualThread.parkNanos(VirtualThread.java:1)",
				  "java.base/java.lang.VirtualThread.sleepNanos(VirtualThread.java:2)",
				  "java.base/java.lang.Thread.sleepNanos(Thread.java:3)",
				  "java.base/java.lang.Thread.sleep(Thread.java:4)",
				  "dev.rvl.loom.config.SchedulingLagProbes.lambda$start$0(SchedulingLagProbes.java:5)",
				  "java.base/java.lang.VirtualThread.run(VirtualThread.java:6)"]}""".formatted(probeState);
		String order = """
				{"name": "", "virtual": true, "state": "TIMED_WAITING", "stack": [
				  "java.base/java.lang.VirtualThread.parkNanos(VirtualThread.java:1)",
				  "dev.rvl.loom.partner.PartnerClient.fraudScore(PartnerClient.java:7)",
				  "java.base/java.lang.VirtualThread.run(VirtualThread.java:6)"]}""";
		return Files.writeString(file, """
				{"threadDump": {"threadContainers": [{"container": "<root>", "threads": [%s, %s]}]}}
				""".formatted(probe, order));
	}

}
