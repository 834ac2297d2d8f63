package dev.rvl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads Linux {@code /proc}: a process's CPU time ({@code stat}), resident memory
 * ({@code status}, {@code smaps_rollup}), its children, the machine's CPU counters
 * ({@code /proc/stat}) and its count of listen-queue overflows
 * ({@code /proc/net/netstat}). Parsing is separate from reading so it can be tested on
 * fixed text.
 */
class ProcFs {

	/**
	 * Clock ticks per second of {@code /proc} CPU times; 100 on every Linux we run on.
	 */
	static final int CLOCK_TICKS = 100;

	private final Path root;

	ProcFs(Path root) {
		this.root = root;
	}

	static ProcFs system() {
		return new ProcFs(Path.of("/proc"));
	}

	boolean available() {
		return Files.isReadable(this.root.resolve("stat"));
	}

	/** A process's CPU time and memory, empty if it is gone. */
	Optional<ProcessStat> process(long pid) {
		try {
			Stat stat = parseStat(Files.readString(this.root.resolve(pid + "/stat")));
			long rss = parseStatusKb(Files.readString(this.root.resolve(pid + "/status")), "VmRSS") * 1024;
			return Optional.of(new ProcessStat(stat.cpuTicks(), stat.childrenCpuTicks(), rss));
		}
		catch (IOException | RuntimeException ex) {
			return Optional.empty();
		}
	}

	/** Proportional set size: shared pages divided among the processes sharing them. */
	OptionalLong pssBytes(long pid) {
		try {
			return OptionalLong
				.of(parseStatusKb(Files.readString(this.root.resolve(pid + "/smaps_rollup")), "Pss") * 1024);
		}
		catch (IOException | RuntimeException ex) {
			return OptionalLong.empty();
		}
	}

	OptionalLong parentOf(long pid) {
		try {
			return OptionalLong.of(parseStat(Files.readString(this.root.resolve(pid + "/stat"))).parentPid());
		}
		catch (IOException | RuntimeException ex) {
			return OptionalLong.empty();
		}
	}

	/**
	 * Whether a process is a PostgreSQL server process ({@code comm} is
	 * {@code postgres}).
	 */
	boolean isPostgres(long pid) {
		try {
			return "postgres".equals(Files.readString(this.root.resolve(pid + "/comm")).strip());
		}
		catch (IOException ex) {
			return false;
		}
	}

	/**
	 * The live children of a process: from its threads' {@code children} lists where the
	 * kernel has them (reading nothing of unrelated processes), else by scanning every
	 * process's parent.
	 */
	List<Long> children(long parent) {
		List<Long> listed = new ArrayList<>();
		try (var tasks = Files.newDirectoryStream(this.root.resolve(parent + "/task"), "[0-9]*")) {
			boolean kernelLists = false;
			for (Path task : tasks) {
				Path file = task.resolve("children");
				if (Files.isReadable(file)) {
					kernelLists = true;
					for (String pid : Files.readString(file).strip().split("\\s+")) {
						if (!pid.isEmpty()) {
							listed.add(Long.parseLong(pid));
						}
					}
				}
			}
			if (kernelLists) {
				return listed;
			}
		}
		catch (IOException | RuntimeException ex) {
			// fall back to the scan
		}
		List<Long> children = new ArrayList<>();
		try (var entries = Files.newDirectoryStream(this.root, "[0-9]*")) {
			for (Path entry : entries) {
				long pid = Long.parseLong(entry.getFileName().toString());
				if (parentOf(pid).orElse(-1) == parent) {
					children.add(pid);
				}
			}
		}
		catch (IOException ex) {
			// no children visible
		}
		return children;
	}

	/**
	 * The CPU time of each of a process's threads ({@code /proc/<pid>/task/<tid>/stat}),
	 * by thread id; empty if the process is gone. The command name is the kernel's copy
	 * of the thread name, cut to 15 characters.
	 */
	Map<Long, ThreadStat> threads(long pid) {
		Map<Long, ThreadStat> threads = new HashMap<>();
		try (var tasks = Files.newDirectoryStream(this.root.resolve(pid + "/task"), "[0-9]*")) {
			for (Path task : tasks) {
				try {
					threads.put(Long.parseLong(task.getFileName().toString()),
							parseThread(Files.readString(task.resolve("stat"))));
				}
				catch (IOException | RuntimeException ex) {
					// the thread ended between listing and reading
				}
			}
		}
		catch (IOException ex) {
			// the process is gone
		}
		return threads;
	}

	Optional<MachineCpu> machine() {
		try {
			return Optional.of(parseMachine(Files.readString(this.root.resolve("stat"))));
		}
		catch (IOException | RuntimeException ex) {
			return Optional.empty();
		}
	}

	/**
	 * How often, since boot, a listening socket's accept queue was full when a connection
	 * arrived ({@code TcpExt: ListenOverflows} of {@code /proc/net/netstat}): the kernel
	 * then drops the client's SYN or its handshake's last ACK, and the client waits for
	 * its retransmission (1 s, then 2 s, ...). Machine-wide; empty where unknown.
	 */
	OptionalLong listenOverflows() {
		try {
			return parseListenOverflows(Files.readString(this.root.resolve("net/netstat")));
		}
		catch (IOException | RuntimeException ex) {
			return OptionalLong.empty();
		}
	}

	/**
	 * {@code ListenOverflows} from {@code /proc/net/netstat}: a {@code TcpExt:} line of
	 * names followed by a {@code TcpExt:} line of values.
	 */
	static OptionalLong parseListenOverflows(String netstat) {
		String[] lines = netstat.split("\n");
		for (int i = 0; i + 1 < lines.length; i++) {
			if (lines[i].startsWith("TcpExt:") && lines[i + 1].startsWith("TcpExt:")) {
				List<String> names = List.of(lines[i].trim().split("\\s+"));
				String[] values = lines[i + 1].trim().split("\\s+");
				int index = names.indexOf("ListenOverflows");
				return (index > 0 && index < values.length) ? OptionalLong.of(Long.parseLong(values[index]))
						: OptionalLong.empty();
			}
		}
		return OptionalLong.empty();
	}

	/** Each CPU's counters ({@code cpuN} lines of {@code /proc/stat}), by CPU id. */
	Map<Integer, MachineCpu> cpus() {
		try {
			return parseCpus(Files.readString(this.root.resolve("stat")));
		}
		catch (IOException | RuntimeException ex) {
			return Map.of();
		}
	}

	static Map<Integer, MachineCpu> parseCpus(String text) {
		Map<Integer, MachineCpu> cpus = new HashMap<>();
		for (String line : text.split("\n")) {
			if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) {
				int space = line.indexOf(' ');
				cpus.put(Integer.parseInt(line.substring(3, space)), parseCpuFields(line.substring(space + 1)));
			}
		}
		return cpus;
	}

	/**
	 * Parses {@code /proc/<pid>/stat}. The command name (field 2) may hold spaces and
	 * parentheses, so fields are counted from the last {@code )}.
	 */
	static Stat parseStat(String text) {
		String afterName = text.substring(text.lastIndexOf(')') + 2).strip();
		String[] fields = afterName.split(" ");
		// fields[0] is field 3 (state): field n is fields[n - 3]
		long parent = Long.parseLong(fields[4 - 3]);
		long utime = Long.parseLong(fields[14 - 3]);
		long stime = Long.parseLong(fields[15 - 3]);
		long cutime = Long.parseLong(fields[16 - 3]);
		long cstime = Long.parseLong(fields[17 - 3]);
		return new Stat(parent, utime + stime, cutime + cstime);
	}

	/** A thread's {@code stat}: its command name and CPU time. */
	static ThreadStat parseThread(String text) {
		String name = text.substring(text.indexOf('(') + 1, text.lastIndexOf(')'));
		return new ThreadStat(name, parseStat(text).cpuTicks());
	}

	/** A {@code Name:   123 kB} line of {@code /proc/<pid>/status} or smaps_rollup. */
	static long parseStatusKb(String text, String name) {
		for (String line : text.split("\n")) {
			if (line.startsWith(name + ":")) {
				String value = line.substring(name.length() + 1).strip();
				return Long.parseLong(value.split("\\s+")[0]);
			}
		}
		throw new IllegalArgumentException("no " + name + " line");
	}

	/**
	 * The {@code cpu} line of {@code /proc/stat}: total, idle (+ iowait) and steal ticks.
	 */
	static MachineCpu parseMachine(String text) {
		for (String line : text.split("\n")) {
			if (line.startsWith("cpu ")) {
				return parseCpuFields(line.substring(4));
			}
		}
		throw new IllegalArgumentException("no cpu line in /proc/stat");
	}

	private static MachineCpu parseCpuFields(String text) {
		String[] fields = text.strip().split("\\s+");
		long total = 0;
		// guest and guest_nice (9, 10) are already counted in user and nice
		for (int i = 0; i < Math.min(fields.length, 8); i++) {
			total += Long.parseLong(fields[i]);
		}
		long idle = Long.parseLong(fields[3]) + Long.parseLong(fields[4]);
		long irq = Long.parseLong(fields[5]) + Long.parseLong(fields[6]);
		long steal = (fields.length > 7) ? Long.parseLong(fields[7]) : 0;
		return new MachineCpu(total, idle, irq, steal);
	}

	/**
	 * The fields of {@code /proc/<pid>/stat} we use.
	 *
	 * @param parentPid the parent process
	 * @param cpuTicks user + system time of the process
	 * @param childrenCpuTicks user + system time of its waited-for, exited children
	 */
	record Stat(long parentPid, long cpuTicks, long childrenCpuTicks) {
	}

	/**
	 * One process at one instant.
	 *
	 * @param cpuTicks user + system time, cumulative
	 * @param childrenCpuTicks time of exited children, cumulative
	 * @param rssBytes resident set size
	 */
	record ProcessStat(long cpuTicks, long childrenCpuTicks, long rssBytes) {
	}

	/**
	 * One thread at one instant.
	 *
	 * @param name the kernel's thread name (at most 15 characters)
	 * @param cpuTicks user + system time, cumulative
	 */
	record ThreadStat(String name, long cpuTicks) {
	}

	/**
	 * The machine's CPU counters, cumulative ticks over all cores.
	 *
	 * @param totalTicks all time
	 * @param idleTicks idle and iowait
	 * @param irqTicks serving hard and soft interrupts
	 * @param stealTicks stolen by the hypervisor
	 */
	record MachineCpu(long totalTicks, long idleTicks, long irqTicks, long stealTicks) {
	}

}
