package dev.rvl.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.rvl.bench.Recording.Row;
import dev.rvl.bench.Recording.SecondKey;
import org.HdrHistogram.Histogram;

/**
 * Per-step results from a recording: counts summed over the step's seconds, and latency
 * percentiles from the step's per-second histograms merged (never an average of
 * per-second percentiles).
 */
final class StepAggregator {

	private StepAggregator() {
	}

	/**
	 * @param recording the run
	 * @param primary the request the latency is about ({@code place-order} or
	 * {@code bulk-ingest})
	 * @return the steps in order
	 */
	static List<StepStats> steps(Recording recording, String primary) {
		Map<Integer, List<Row>> byStep = new TreeMap<>();
		for (Row row : recording.rows()) {
			if (row.step() >= 0) {
				byStep.computeIfAbsent(row.step(), (step) -> new ArrayList<>()).add(row);
			}
		}
		List<StepStats> steps = new ArrayList<>();
		byStep.forEach((step, rows) -> steps.add(step(step, rows, recording.histograms(), primary)));
		return steps;
	}

	private static StepStats step(int step, List<Row> rows, Map<SecondKey, Histogram> histograms, String primary) {
		List<Row> all = rows.stream().filter((row) -> Recording.ALL.equals(row.request())).toList();
		List<Row> main = rows.stream().filter((row) -> primary.equals(row.request())).toList();
		String refusedName = primary + Recording.REFUSED;
		List<Row> refused = rows.stream().filter((row) -> refusedName.equals(row.request())).toList();
		List<Row> started = new ArrayList<>(main);
		started.addAll(refused);
		int seconds = (int) all.stream().mapToLong(Row::elapsed).distinct().count();
		double offered = all.stream().mapToDouble(Row::offered).average().orElse(0);
		long sent = started.stream().mapToLong(Row::requests).sum();
		long refusals = refused.stream().mapToLong(Row::requests).sum();
		Histogram refusalLatencies = new Histogram(2);
		for (Row row : refused) {
			Histogram second = histograms.get(new SecondKey(row.elapsed(), refusedName));
			if (second != null) {
				refusalLatencies.add(second);
			}
		}
		long ok = main.stream().mapToLong(Row::ok).sum();
		long requests = all.stream().mapToLong(Row::requests).sum();
		long passed = all.stream().mapToLong(Row::ok).sum();
		long items = all.stream().mapToLong(Row::items).sum();
		Map<String, Long> statuses = new TreeMap<>();
		all.forEach((row) -> row.statuses().forEach((status, count) -> statuses.merge(status, count, Long::sum)));
		Histogram latencies = new Histogram(2);
		for (Row row : main) {
			Histogram second = histograms.get(new SecondKey(row.elapsed(), primary));
			if (second != null) {
				latencies.add(second);
			}
		}
		boolean measured = latencies.getTotalCount() > 0;
		double perSecond = (seconds > 0) ? 1.0 / seconds : 0;
		return new StepStats(step, offered, seconds, sent * perSecond, ok * perSecond, requests * perSecond,
				items * perSecond, (requests > 0) ? (double) passed / requests : 0,
				measured ? latencies.getValueAtPercentile(50) : 0, measured ? latencies.getValueAtPercentile(95) : 0,
				measured ? latencies.getValueAtPercentile(99) : 0, measured ? latencies.getMaxValue() : 0, statuses,
				lagSeconds(all, started), refusals * perSecond,
				(refusalLatencies.getTotalCount() > 0) ? refusalLatencies.getValueAtPercentile(99) : 0);
	}

	/**
	 * The generator's worst lag in a step: the largest running deficit of started primary
	 * requests against the offered rate, second by second, in seconds of that rate.
	 */
	static double lagSeconds(List<Row> all, List<Row> main) {
		Map<Long, Long> started = new TreeMap<>();
		main.forEach((row) -> started.merge(row.elapsed(), row.requests(), Long::sum));
		double deficit = 0;
		double worst = 0;
		double rate = 0;
		for (Row second : all.stream().sorted(java.util.Comparator.comparingLong(Row::elapsed)).toList()) {
			deficit = Math.max(0, deficit + second.offered() - started.getOrDefault(second.elapsed(), 0L));
			worst = Math.max(worst, deficit);
			rate = Math.max(rate, second.offered());
		}
		return (rate > 0) ? Math.round(worst / rate * 100) / 100.0 : 0;
	}

}
