package dev.rvl.testsupport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Predicate;

/**
 * The samples of one scrape in the Prometheus text exposition format (version 0.0.4, what
 * {@code /actuator/prometheus} serves for {@code Accept: text/plain}): comments and blank
 * lines skipped, label values unescaped, {@code NaN} and {@code +Inf} understood,
 * optional timestamps ignored.
 *
 * @param samples every sample in order
 */
public record PrometheusText(List<Sample> samples) {

	public PrometheusText {
		samples = List.copyOf(samples);
	}

	public static PrometheusText parse(String text) {
		List<Sample> samples = new ArrayList<>();
		int lineNumber = 0;
		for (String line : text.split("\n")) {
			lineNumber++;
			String trimmed = line.strip();
			if (trimmed.isEmpty() || trimmed.startsWith("#")) {
				continue;
			}
			try {
				samples.add(parseLine(trimmed));
			}
			catch (RuntimeException ex) {
				throw new IllegalArgumentException("Line " + lineNumber + " is not a Prometheus sample: " + line, ex);
			}
		}
		return new PrometheusText(samples);
	}

	/** The sum of every series of a metric, or empty when the metric is absent. */
	public OptionalDouble sum(String name) {
		return sum(name, (labels) -> true);
	}

	/** The sum of the series of a metric whose labels match. */
	public OptionalDouble sum(String name, Predicate<Map<String, String>> labels) {
		boolean found = false;
		double sum = 0;
		for (Sample sample : this.samples) {
			if (sample.name().equals(name) && labels.test(sample.labels())) {
				found = true;
				sum += sample.value();
			}
		}
		return found ? OptionalDouble.of(sum) : OptionalDouble.empty();
	}

	public List<Sample> named(String name) {
		return this.samples.stream().filter((sample) -> sample.name().equals(name)).toList();
	}

	private static Sample parseLine(String line) {
		int brace = line.indexOf('{');
		int space = line.indexOf(' ');
		String name;
		Map<String, String> labels = new LinkedHashMap<>();
		int rest;
		if (brace >= 0 && (space < 0 || brace < space)) {
			name = line.substring(0, brace);
			rest = parseLabels(line, brace + 1, labels);
		}
		else {
			name = line.substring(0, space);
			rest = space;
		}
		String[] valueAndTimestamp = line.substring(rest).strip().split("\\s+");
		return new Sample(name, labels, parseValue(valueAndTimestamp[0]));
	}

	/**
	 * Parses {@code a="x",b="y\"z"}} from {@code start}; returns the index after
	 * {@code }}.
	 */
	private static int parseLabels(String line, int start, Map<String, String> labels) {
		int i = start;
		while (true) {
			while (line.charAt(i) == ' ' || line.charAt(i) == ',') {
				i++;
			}
			if (line.charAt(i) == '}') {
				return i + 1;
			}
			int equals = line.indexOf('=', i);
			String label = line.substring(i, equals).strip();
			if (line.charAt(equals + 1) != '"') {
				throw new IllegalArgumentException("label value not quoted");
			}
			StringBuilder value = new StringBuilder();
			i = equals + 2;
			while (line.charAt(i) != '"') {
				char c = line.charAt(i);
				if (c == '\\') {
					char escaped = line.charAt(++i);
					value.append((escaped == 'n') ? '\n' : escaped);
				}
				else {
					value.append(c);
				}
				i++;
			}
			labels.put(label, value.toString());
			i++;
		}
	}

	public static double parseValue(String text) {
		return switch (text) {
			case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
			case "-Inf" -> Double.NEGATIVE_INFINITY;
			case "NaN" -> Double.NaN;
			default -> Double.parseDouble(text);
		};
	}

	/**
	 * One sample.
	 *
	 * @param name metric name, with its {@code _bucket}/{@code _count}/... suffix
	 * @param labels label values
	 * @param value the value
	 */
	public record Sample(String name, Map<String, String> labels, double value) {

		public Sample {
			labels = Map.copyOf(labels);
		}

	}

}
