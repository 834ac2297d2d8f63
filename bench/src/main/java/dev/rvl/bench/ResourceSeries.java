package dev.rvl.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Per-second resource series derived from the sampler's readings: CPU in cores per
 * process group (from cumulative ticks), memory in MiB, the app's gauges, and rates of
 * its cumulative counters. Column {@code i} describes the second ending at reading
 * {@code i}; the first reading only serves as the base of the first rate.
 *
 * @param epochMs when each point was read
 * @param columns the series by name, {@code null} where unknown
 */
record ResourceSeries(List<Long> epochMs, Map<String, List<Double>> columns) {

	static final String CPU = "cpu.";

	static final String MEMORY = "memoryMb.";

	static final String MACHINE_BUSY = "machineBusyCores";

	static final String OTHER_CPU = "otherCores";

	static final String STEAL = "stealShare";

	static final String IRQ = "irqCores";

	static final String HEAP = "heapMb";

	static final String THREADS = "threads";

	static final String BUSY_THREADS = "busyThreads";

	static final String VIRTUAL_THREADS = "virtualThreads";

	static final String CARRIER_THREADS = "carrierThreads";

	static final String ADMISSION_LIMIT = "admissionLimit";

	static final String SCHEDULING_LAG_MS = "schedulingLagMs";

	static final String IN_FLIGHT = "inFlight";

	static final String POOL_ACTIVE = "poolActive";

	static final String POOL_PENDING = "poolPending";

	static final String BULK_QUEUE = "bulkQueue";

	static final String GC_PAUSES = "gcPausesPerSecond";

	static final String GC_PAUSE_MS = "gcPauseMsPerSecond";

	static final String ORDERS = "ordersPlacedPerSecond";

	/** Busy cores of the harness's CPUs (with CPU isolation). */
	static final String HARNESS_CPUS_BUSY = "harnessCpusBusyCores";

	/** Busy cores of the app's CPUs (with CPU isolation). */
	static final String APP_CPUS_BUSY = "appCpusBusyCores";

	static final List<String> ROLES = List.of(Sample.APP, Sample.GATLING, Sample.STUB, Sample.POSTGRES, Sample.BENCH);

	private static final double MIB = 1024.0 * 1024.0;

	/**
	 * @param samples readings in time order
	 * @param cores the machine's cores (for the machine's busy cores)
	 */
	static ResourceSeries of(List<Sample> samples, int cores) {
		return of(samples, cores, CpuIsolation.none(List.of()));
	}

	/**
	 * @param samples readings in time order
	 * @param cores the machine's cores
	 * @param isolation which CPUs the app and the harness had (busy cores of each set
	 * when isolated)
	 */
	static ResourceSeries of(List<Sample> samples, int cores, CpuIsolation isolation) {
		List<Long> times = samples.stream().map(Sample::epochMs).toList();
		Map<String, List<Double>> columns = new LinkedHashMap<>();
		for (String role : ROLES) {
			columns.put(CPU + role, cpuCores(samples, role));
			columns.put(MEMORY + role, gauge(samples, (sample) -> {
				Sample.ProcessReading reading = sample.processes().get(role);
				return (reading != null) ? reading.memoryBytes() / MIB : null;
			}));
		}
		machine(samples, cores, columns);
		if (columns.get(CPU + Sample.APP).stream().allMatch(Objects::isNull)) {
			// an app the runner did not start: its CPU from its own metrics (after
			// machine(), so that it never counts as this machine's)
			columns.put(CPU + Sample.APP, reportedCpu(samples, times));
		}
		columns.put(HEAP,
				gauge(samples, app((app) -> (app.heapUsedBytes() != null) ? app.heapUsedBytes() / MIB : null)));
		columns.put(THREADS, gauge(samples, app(AppReading::liveThreads)));
		columns.put(BUSY_THREADS, gauge(samples, app(AppReading::busyThreads)));
		columns.put(VIRTUAL_THREADS, gauge(samples, app(AppReading::virtualThreads)));
		columns.put(CARRIER_THREADS, gauge(samples, app(AppReading::carrierThreads)));
		columns.put(ADMISSION_LIMIT, gauge(samples, app(AppReading::admissionLimit)));
		columns.put(SCHEDULING_LAG_MS, gauge(samples,
				app((app) -> (app.schedulingLagSeconds() != null) ? app.schedulingLagSeconds() * 1000 : null)));
		columns.put(IN_FLIGHT, gauge(samples, app(AppReading::inFlight)));
		columns.put(POOL_ACTIVE, gauge(samples, app(AppReading::poolActive)));
		columns.put(POOL_PENDING, gauge(samples, app(AppReading::poolPending)));
		columns.put(BULK_QUEUE, gauge(samples, app(AppReading::bulkQueueDepth)));
		columns.put(GC_PAUSES, CounterRates.perSecond(gauge(samples, app(AppReading::gcPauses)), times));
		columns.put(GC_PAUSE_MS,
				scale(CounterRates.perSecond(gauge(samples, app(AppReading::gcPauseSeconds)), times), 1000));
		columns.put(ORDERS, CounterRates.perSecond(gauge(samples, app(ResourceSeries::ordersPlaced)), times));
		if (isolation.isolated()) {
			columns.put(HARNESS_CPUS_BUSY, busyCores(samples, isolation.harnessCpus()));
			columns.put(APP_CPUS_BUSY, busyCores(samples, isolation.appCpus()));
		}
		return new ResourceSeries(times, columns);
	}

	List<Double> column(String name) {
		return this.columns.getOrDefault(name, List.of());
	}

	/** The mean of a column over readings taken in {@code [fromMs, toMs]}. */
	OptionalDouble mean(String name, long fromMs, long toMs) {
		List<Double> values = column(name);
		if (values.isEmpty()) {
			return OptionalDouble.empty();
		}
		return indexesWithin(fromMs, toMs).stream()
			.map(values::get)
			.filter(Objects::nonNull)
			.mapToDouble(Double::doubleValue)
			.average();
	}

	OptionalDouble max(String name) {
		return column(name).stream().filter(Objects::nonNull).mapToDouble(Double::doubleValue).max();
	}

	OptionalDouble mean(String name) {
		return column(name).stream().filter(Objects::nonNull).mapToDouble(Double::doubleValue).average();
	}

	/** Readings taken in {@code [fromMs, toMs]}. */
	List<Integer> indexesWithin(long fromMs, long toMs) {
		List<Integer> indexes = new ArrayList<>();
		for (int i = 0; i < this.epochMs.size(); i++) {
			long time = this.epochMs.get(i);
			if (time >= fromMs && time <= toMs) {
				indexes.add(i);
			}
		}
		return indexes;
	}

	private static List<Double> cpuCores(List<Sample> samples, String role) {
		List<Double> ticks = gauge(samples, (sample) -> {
			Sample.ProcessReading reading = sample.processes().get(role);
			return (reading != null) ? (double) reading.cpuTicks() : null;
		});
		List<Long> times = samples.stream().map(Sample::epochMs).toList();
		return scale(CounterRates.perSecond(ticks, times), 1.0 / ProcFs.CLOCK_TICKS);
	}

	/**
	 * The app's CPU in cores from its metrics: the rate of its cumulative CPU time where
	 * two readings have it, else its recent CPU share times the CPUs it sees.
	 */
	static List<Double> reportedCpu(List<Sample> samples, List<Long> times) {
		List<Double> rates = CounterRates.perSecond(gauge(samples, app(AppReading::processCpuSeconds)), times);
		List<Double> cores = new ArrayList<>(samples.size());
		for (int i = 0; i < samples.size(); i++) {
			AppReading app = samples.get(i).app();
			cores.add((rates.get(i) != null) ? rates.get(i) : (app != null) ? app.cpuCoresNow() : null);
		}
		return cores;
	}

	private static void machine(List<Sample> samples, int cores, Map<String, List<Double>> columns) {
		List<Double> busy = new ArrayList<>();
		List<Double> steal = new ArrayList<>();
		List<Double> irq = new ArrayList<>();
		List<Double> other = new ArrayList<>();
		for (int i = 0; i < samples.size(); i++) {
			ProcFs.MachineCpu now = samples.get(i).machine();
			ProcFs.MachineCpu before = (i > 0) ? samples.get(i - 1).machine() : null;
			if (now == null || before == null || now.totalTicks() <= before.totalTicks()) {
				busy.add(null);
				steal.add(null);
				irq.add(null);
				other.add(null);
				continue;
			}
			double total = now.totalTicks() - before.totalTicks();
			double busyCores = (total - (now.idleTicks() - before.idleTicks())) / total * cores;
			busy.add(busyCores);
			steal.add((now.stealTicks() - before.stealTicks()) / total);
			double irqCores = (now.irqTicks() - before.irqTicks()) / total * cores;
			irq.add(irqCores);
			// interrupts (loopback networking) belong to no process: not "other"
			double known = irqCores;
			for (String role : ROLES) {
				Double cpu = columns.get(CPU + role).get(i);
				known += (cpu != null) ? cpu : 0;
			}
			other.add(Math.max(0, busyCores - known));
		}
		columns.put(MACHINE_BUSY, busy);
		columns.put(STEAL, steal);
		columns.put(IRQ, irq);
		columns.put(OTHER_CPU, other);
	}

	/** Busy cores of a set of CPUs, from their counters' differences. */
	static List<Double> busyCores(List<Sample> samples, List<Integer> cpus) {
		List<Double> busy = new ArrayList<>();
		for (int i = 0; i < samples.size(); i++) {
			if (i == 0) {
				busy.add(null);
				continue;
			}
			double cores = 0;
			boolean known = true;
			for (int cpu : cpus) {
				ProcFs.MachineCpu now = samples.get(i).cpus().get(cpu);
				ProcFs.MachineCpu before = samples.get(i - 1).cpus().get(cpu);
				if (now == null || before == null || now.totalTicks() <= before.totalTicks()) {
					known = false;
					break;
				}
				double total = now.totalTicks() - before.totalTicks();
				cores += (total - (now.idleTicks() - before.idleTicks())) / total;
			}
			busy.add(known ? cores : null);
		}
		return busy;
	}

	private static Double ordersPlaced(AppReading app) {
		return app.ordersPlaced().isEmpty() ? null
				: app.ordersPlaced().values().stream().mapToDouble(Double::doubleValue).sum();
	}

	private static Function<Sample, Double> app(Function<AppReading, Double> metric) {
		return (sample) -> (sample.app() != null) ? metric.apply(sample.app()) : null;
	}

	private static List<Double> gauge(List<Sample> samples, Function<Sample, Double> value) {
		List<Double> values = new ArrayList<>(samples.size());
		samples.forEach((sample) -> values.add(value.apply(sample)));
		return values;
	}

	private static List<Double> scale(List<Double> values, double factor) {
		return values.stream().map((value) -> (value != null) ? value * factor : null).toList();
	}

}
