package dev.rvl.readability;

import java.util.List;
import java.util.Map;

import com.github.javaparser.ast.Node;
import dev.rvl.readability.Comparison.Measured;
import dev.rvl.readability.Comparison.Row;
import dev.rvl.readability.Comparison.UseCaseResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Steps are aligned by name: shared steps side by side in order, each app's own steps
 * where they occur.
 */
class RowAlignmentTests {

	@Test
	void alignsCommonStepsAndKeepsEachAppsOwnInPlace() {
		UseCaseResult result = new UseCaseResult(null,
				Map.of(App.REACTIVE, units(Root.REACTIVE, "quotes", "fraudScore", "withRetries"), App.LOOM,
						units(Root.LOOM, "quotes", "fraudScore", "call", "withRetries")),
				List.of(), List.of(), List.of());

		List<Row> rows = result.rows();

		assertThat(rows).extracting(Row::key)
			.containsExactly("Client.quotes", "Client.fraudScore", "Client.call", "Client.withRetries");
		assertThat(rows.get(2).reactive()).isNull();
		assertThat(rows.get(2).loom()).isNotNull();
		assertThat(rows.get(3).reactive()).isNotNull();
	}

	@Test
	void putsTheThirdColumnBesideTheLoomCodeItRunsOrOverrides() {
		List<Measured> loom = units(Root.LOOM, "<init>", "quotes", "fraudScore");
		List<Measured> structured = new java.util.ArrayList<>(List.of(loom.get(0), loom.get(2)));
		structured.add(new Measured(new Unit(new Part(Root.LOOM, "partner/structured/StructuredClient", List.of()),
				"<init>", null, List.<Node>of()), Metrics.ZERO));
		structured.add(new Measured(new Unit(new Part(Root.LOOM, "partner/structured/StructuredClient", List.of()),
				"quotes", null, List.<Node>of()), Metrics.ZERO));
		UseCaseResult result = new UseCaseResult(null,
				Map.of(App.REACTIVE, units(Root.REACTIVE, "<init>", "quotes", "fraudScore"), App.LOOM, loom),
				structured, List.of(), List.of());

		List<Row> rows = result.rows();

		assertThat(rows).extracting(Row::key)
			.containsExactly("Client constructor", "Client.quotes", "Client.fraudScore",
					"StructuredClient constructor");
		assertThat(rows).extracting(Row::inherited).containsExactly(true, false, true, false);
		assertThat(rows.get(1).structured().unit().part().className()).isEqualTo("StructuredClient");
		assertThat(rows.get(3).loom()).isNull();
	}

	private static List<Measured> units(Root root, String... members) {
		return java.util.Arrays.stream(members)
			.map((member) -> new Measured(
					new Unit(new Part(root, "partner/Client", List.of(member)), member, null, List.<Node>of()),
					Metrics.ZERO))
			.toList();
	}

}
