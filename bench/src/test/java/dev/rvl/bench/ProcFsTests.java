package dev.rvl.bench;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ProcFsTests {

	/** A java process whose command name holds a space and a parenthesis. */
	private static final String STAT = "4232 (java (main)) S 4200 4232 31978 0 -1 4194304 100 0 0 0 "
			+ "1500 250 40 10 20 0 45 0 259498 3133440 412 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";

	@Test
	void readsCpuTicksAfterTheCommandName() {
		ProcFs.Stat stat = ProcFs.parseStat(STAT);

		assertThat(stat.parentPid()).isEqualTo(4200);
		assertThat(stat.cpuTicks()).isEqualTo(1750); // utime 1500 + stime 250
		assertThat(stat.childrenCpuTicks()).isEqualTo(50); // cutime 40 + cstime 10
	}

	@Test
	void readsKilobyteLines() {
		String status = "Name:\tjava\nVmPeak:\t  999 kB\nVmRSS:\t  524288 kB\nRssAnon:\t 1 kB\n";

		assertThat(ProcFs.parseStatusKb(status, "VmRSS")).isEqualTo(524288);
	}

	@Test
	void readsTheListenOverflowsFromTheTcpExtLines(@TempDir Path root) throws Exception {
		String netstat = "TcpExt: SyncookiesSent SyncookiesRecv ListenOverflows ListenDrops TCPHPHits\n"
				+ "TcpExt: 71036 549070 988662 988700 98559498\n" + "IpExt: InNoRoutes ListenOverflows\nIpExt: 0 7\n";
		Files.createDirectories(root.resolve("net"));
		Files.writeString(root.resolve("net/netstat"), netstat);

		assertThat(ProcFs.parseListenOverflows(netstat)).hasValue(988662);
		assertThat(new ProcFs(root).listenOverflows()).hasValue(988662);
		assertThat(ProcFs.parseListenOverflows("IpExt: InNoRoutes\nIpExt: 0\n")).isEmpty();
		assertThat(new ProcFs(root.resolve("absent")).listenOverflows()).isEmpty();
	}

	@Test
	void readsTheMachinesCpuLineWithStealAndWithoutGuestTime() {
		String stat = "cpu  237639 0 38253 234987 1067 0 3762 311 5000 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n";

		ProcFs.MachineCpu cpu = ProcFs.parseMachine(stat);

		assertThat(cpu.totalTicks()).isEqualTo(237639 + 38253 + 234987 + 1067 + 3762 + 311);
		assertThat(cpu.idleTicks()).isEqualTo(234987 + 1067);
		assertThat(cpu.irqTicks()).isEqualTo(0 + 3762);
		assertThat(cpu.stealTicks()).isEqualTo(311);
	}

	@Test
	void findsAProcessesChildrenAndReadsThemFromAProcTree(@TempDir Path root) throws Exception {
		process(root, 100, 1, "postgres", "100 (postgres) S 1 " + "0 ".repeat(9) + "10 5 300 100 " + "0 ".repeat(10));
		process(root, 101, 100, "postgres", "101 (postgres) S 100 " + "0 ".repeat(9) + "7 3 0 0 " + "0 ".repeat(10));
		process(root, 200, 1, "java", "200 (java) S 1 " + "0 ".repeat(9) + "1 1 0 0 " + "0 ".repeat(10));
		ProcFs proc = new ProcFs(root);

		assertThat(proc.children(100)).containsExactly(101L);
		assertThat(proc.isPostgres(101)).isTrue();
		assertThat(proc.isPostgres(200)).isFalse();
		assertThat(proc.process(100)).hasValueSatisfying((stat) -> {
			assertThat(stat.cpuTicks()).isEqualTo(15);
			assertThat(stat.childrenCpuTicks()).isEqualTo(400);
			assertThat(stat.rssBytes()).isEqualTo(2048 * 1024);
		});
		assertThat(proc.process(999)).isEmpty();
	}

	@Test
	void takesTheChildrenFromTheKernelsListsWithoutReadingOtherProcesses(@TempDir Path root) throws Exception {
		process(root, 100, 1, "postgres", "100 (postgres) S 1 " + "0 ".repeat(9) + "10 5 300 100 " + "0 ".repeat(10));
		Path task = Files.createDirectories(root.resolve("100/task/100"));
		Files.writeString(task.resolve("children"), "101 102 ");
		// a process whose stat would say otherwise is never read
		process(root, 200, 100, "java", "200 (java) S 100 " + "0 ".repeat(9) + "1 1 0 0 " + "0 ".repeat(10));

		assertThat(new ProcFs(root).children(100)).containsExactly(101L, 102L);
	}

	@Test
	void addsUpTheCpuOfAJvmsCompilerThreadsOnly(@TempDir Path root) throws Exception {
		thread(root, 300, 301, "C2 CompilerThre", 40, 2);
		thread(root, 300, 302, "C1 CompilerThre", 7, 1);
		thread(root, 300, 303, "reactor-http-epoll-1", 500, 90);
		thread(root, 300, 304, "GC Thread#0", 30, 3);

		assertThat(ThreadCpu.jitTicks(new ProcFs(root), 300)).isEqualTo(50);
		assertThat(ThreadCpu.jitTicks(new ProcFs(root), 999)).as("a process that is gone").isZero();
	}

	private static void thread(Path root, long pid, long tid, String name, long utime, long stime) throws Exception {
		Path task = Files.createDirectories(root.resolve(pid + "/task/" + tid));
		Files.writeString(task.resolve("stat"),
				tid + " (" + name + ") S 1 " + "0 ".repeat(9) + utime + " " + stime + " 0 0 " + "0 ".repeat(10) + "\n");
	}

	private static void process(Path root, long pid, long parent, String comm, String stat) throws Exception {
		Path dir = Files.createDirectories(root.resolve(Long.toString(pid)));
		Files.writeString(dir.resolve("stat"), stat.strip() + "\n");
		Files.writeString(dir.resolve("status"), "Name:\t" + comm + "\nPPid:\t" + parent + "\nVmRSS:\t 2048 kB\n");
		Files.writeString(dir.resolve("comm"), comm + "\n");
	}

}
