package dev.rvl.testsupport;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PrometheusTextTests {

	private static final String SCRAPE = """
			# HELP jvm_threads_live_threads The current number of live threads
			# TYPE jvm_threads_live_threads gauge
			jvm_threads_live_threads 23.0
			jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 2.5165824E7
			jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 2.7702136E7
			jvm_memory_used_bytes{area="nonheap",id="Metaspace"} 5.8302848E7
			jvm_gc_pause_seconds_count{action="end of minor GC",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 4
			jvm_gc_pause_seconds_count{action="end of major GC",cause="System.gc()",gc="G1 Old Generation"} 1
			orders_placed_total{outcome="created"} 1.0
			odd_labels{path="C:\\\\dir",quote="say \\"hi\\"",comma="a,b",brace="}"} 7 1700000000000
			http_server_requests_seconds_bucket{uri="/fraud/score",le="0.1"} 3
			http_server_requests_seconds_bucket{uri="/fraud/score",le="+Inf"} 5
			weird_value NaN

			""";

	@Test
	void readsNamesLabelsAndValues() {
		PrometheusText text = PrometheusText.parse(SCRAPE);

		assertThat(text.samples()).hasSize(11);
		assertThat(text.sum("jvm_threads_live_threads")).hasValue(23.0);
		assertThat(text.named("orders_placed_total")).singleElement()
			.satisfies((sample) -> assertThat(sample.labels()).containsExactly(Map.entry("outcome", "created")));
	}

	@Test
	void sumsTheSeriesOfOneInstantWithALabelFilter() {
		PrometheusText text = PrometheusText.parse(SCRAPE);

		assertThat(text.sum("jvm_memory_used_bytes", (labels) -> "heap".equals(labels.get("area"))))
			.hasValue(2.5165824E7 + 2.7702136E7);
		assertThat(text.sum("jvm_gc_pause_seconds_count")).hasValue(5.0);
		assertThat(text.sum("hikaricp_connections_active")).isEmpty();
	}

	@Test
	void unescapesLabelValuesAndIgnoresTimestamps() {
		PrometheusText.Sample odd = PrometheusText.parse(SCRAPE).named("odd_labels").get(0);

		assertThat(odd.labels()).containsEntry("path", "C:\\dir")
			.containsEntry("quote", "say \"hi\"")
			.containsEntry("comma", "a,b")
			.containsEntry("brace", "}");
		assertThat(odd.value()).isEqualTo(7);
	}

	@Test
	void understandsInfinityAndNotANumber() {
		PrometheusText text = PrometheusText.parse(SCRAPE);

		assertThat(text.named("http_server_requests_seconds_bucket").get(1).labels().get("le")).isEqualTo("+Inf");
		assertThat(PrometheusText.parseValue("+Inf")).isInfinite();
		assertThat(text.named("weird_value").get(0).value()).isNaN();
	}

	@Test
	void rejectsALineThatIsNotASample() {
		assertThatIllegalArgumentException().isThrownBy(() -> PrometheusText.parse("metric{label=unquoted} 1"))
			.withMessageContaining("Line 1");
	}

}
