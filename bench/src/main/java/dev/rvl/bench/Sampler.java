package dev.rvl.bench;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.rvl.testsupport.PrometheusText;

/**
 * Reads every process once a second while a variant is under load: CPU time and memory of
 * the app, Gatling, the stub, PostgreSQL (the postmaster and all its children) and the
 * runner itself from {@code /proc}; the CPU time of each of the app's threads; the
 * machine's CPU counters; the app's metrics and the stub's latency histogram from their
 * {@code /actuator/prometheus}. Scrapes have a short timeout and run in parallel with the
 * {@code /proc} reads, so a slow app leaves a gap rather than shifting the clock.
 */
final class Sampler implements AutoCloseable {

	private static final Duration SCRAPE_TIMEOUT = Duration.ofMillis(900);

	private final ProcFs proc;

	private final Map<String, Long> pids = Collections.synchronizedMap(new LinkedHashMap<>());

	private final OptionalLong postmaster;

	private final URI appMetrics;

	private final URI stubMetrics;

	private volatile CpuQuota quota = CpuQuota.NONE;

	private final List<Sample> samples = Collections.synchronizedList(new ArrayList<>());

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "sampler");
		thread.setDaemon(true);
		return thread;
	});

	Sampler(ProcFs proc, long appPid, long stubPid, OptionalLong postmaster, URI appMetrics, URI stubMetrics) {
		this(proc, OptionalLong.of(appPid), OptionalLong.of(stubPid), postmaster, appMetrics, stubMetrics);
	}

	private Sampler(ProcFs proc, OptionalLong appPid, OptionalLong stubPid, OptionalLong postmaster, URI appMetrics,
			URI stubMetrics) {
		this.proc = proc;
		appPid.ifPresent((pid) -> this.pids.put(Sample.APP, pid));
		stubPid.ifPresent((pid) -> this.pids.put(Sample.STUB, pid));
		this.pids.put(Sample.BENCH, ProcessHandle.current().pid());
		this.postmaster = postmaster;
		this.appMetrics = appMetrics;
		this.stubMetrics = stubMetrics;
	}

	/**
	 * A sampler for an app the runner did not start: it has no process id of the app, so
	 * {@code proc} is only ever asked about the harness (Gatling, the runner, the stub
	 * and PostgreSQL when they run here) and the machine; the app is read from its
	 * metrics alone.
	 */
	static Sampler remote(ProcFs proc, OptionalLong stubPid, OptionalLong postmaster, URI appMetrics, URI stubMetrics) {
		return new Sampler(proc, OptionalLong.empty(), stubPid, postmaster, appMetrics, stubMetrics);
	}

	void start() {
		this.timer.scheduleAtFixedRate(this::sample, 0, 1, TimeUnit.SECONDS);
	}

	/** Reads how long the app's CPU quota stopped it, once a second. */
	void watchQuota(CpuQuota quota) {
		this.quota = quota;
	}

	void watchGatling(long pid) {
		this.pids.put(Sample.GATLING, pid);
	}

	List<Sample> samples() {
		synchronized (this.samples) {
			return List.copyOf(this.samples);
		}
	}

	/** The latest readings, for progress lines. */
	List<Sample> latest(int count) {
		synchronized (this.samples) {
			return List.copyOf(this.samples.subList(Math.max(0, this.samples.size() - count), this.samples.size()));
		}
	}

	@Override
	public void close() {
		this.timer.shutdownNow();
		try {
			this.timer.awaitTermination(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void sample() {
		try {
			long now = System.currentTimeMillis();
			CompletableFuture<Optional<String>> app = scrape(this.appMetrics);
			CompletableFuture<Optional<String>> stub = scrape(this.stubMetrics);
			Map<String, Sample.ProcessReading> processes = new LinkedHashMap<>();
			Map<String, Long> watched;
			synchronized (this.pids) {
				watched = new LinkedHashMap<>(this.pids);
			}
			watched.forEach((role, pid) -> this.proc.process(pid)
				.ifPresent((stat) -> processes.put(role, new Sample.ProcessReading(stat.cpuTicks(), stat.rssBytes()))));
			this.postmaster
				.ifPresent((pid) -> postgres(pid).ifPresent((reading) -> processes.put(Sample.POSTGRES, reading)));
			ProcFs.MachineCpu machine = this.proc.machine().orElse(null);
			AppReading appReading = app.join().map(PrometheusText::parse).map(AppReading::of).orElse(null);
			Map<Double, Double> stubBuckets = stub.join()
				.map(PrometheusText::parse)
				.map(StubReading::buckets)
				.orElse(null);
			boolean local = watched.containsKey(Sample.APP);
			OptionalLong overflows = local ? this.proc.listenOverflows() : OptionalLong.empty();
			OptionalLong stopped = this.quota.stoppedMs();
			this.samples.add(new Sample(now, processes, machine, appReading, stubBuckets,
					local ? this.proc.threads(watched.get(Sample.APP)) : Map.of(), this.proc.cpus(),
					overflows.isPresent() ? overflows.getAsLong() : null,
					stopped.isPresent() ? stopped.getAsLong() : null));
		}
		catch (RuntimeException ex) {
			// one lost reading; coverage tells if there were too many
		}
	}

	/**
	 * CPU of the postmaster, its exited children and its live children; memory as PSS.
	 */
	private Optional<Sample.ProcessReading> postgres(long postmaster) {
		return this.proc.process(postmaster).map((main) -> {
			long cpu = main.cpuTicks() + main.childrenCpuTicks();
			long memory = this.proc.pssBytes(postmaster).orElse(main.rssBytes());
			for (long child : this.proc.children(postmaster)) {
				Optional<ProcFs.ProcessStat> stat = this.proc.process(child);
				if (stat.isPresent()) {
					cpu += stat.get().cpuTicks() + stat.get().childrenCpuTicks();
					memory += this.proc.pssBytes(child).orElse(stat.get().rssBytes());
				}
			}
			return new Sample.ProcessReading(cpu, memory);
		});
	}

	private static CompletableFuture<Optional<String>> scrape(URI uri) {
		return Http.client()
			.sendAsync(HttpRequest.newBuilder(uri)
				.timeout(SCRAPE_TIMEOUT)
				.header("Accept", "text/plain;version=0.0.4")
				.GET()
				.build(), HttpResponse.BodyHandlers.ofString())
			.thenApply((response) -> (response.statusCode() == 200) ? Optional.of(response.body())
					: Optional.<String>empty())
			.exceptionally((ex) -> Optional.empty());
	}

}
