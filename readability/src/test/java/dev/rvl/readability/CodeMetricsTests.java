package dev.rvl.readability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The metric definitions the page states, on small sources.
 */
class CodeMetricsTests {

	static final String SAMPLE = """
			package dev.rvl.reactive.sample;

			import java.util.List;
			import java.util.Optional;

			import reactor.core.publisher.Flux;
			import reactor.core.publisher.Mono;

			class Sample {

				private final Repository repository;

				private final Client db;

				Sample(Repository repository, Client db) {
					this.repository = repository;
					this.db = db;
				}

				/** Javadoc lines are not code. */
				int branches(int a, boolean b, List<String> items) {
					// a comment line is not code

					int total = 0;
					if (a > 0 && b) {
						total++;
					}
					else if (a < 0 || !b) {
						total--;
					}
					for (String item : items) {
						total += item.isEmpty() ? 0 : 1;
					}
					try {
						total = switch (a) {
							case 1 -> 10;
							case 2 -> 20;
							default -> 0;
						};
					}
					catch (RuntimeException ex) {
						total = -1;
					}
					return total;
				}

				Runnable nested(List<String> items) {
					return () -> items.forEach((item) -> {
						if (item.isEmpty()) {
							System.out.println(item);
						}
					});
				}

				Mono<String> reactive(Optional<String> key, Mono<String> given) {
					Optional<String> notReactor = key.map(String::trim).filter((k) -> !k.isEmpty());
					Object rows = this.db.sql("SELECT 1").map((row) -> row).one();
					return this.repository.find(key.orElse("x"))
						.map(String::trim)
						.switchIfEmpty(Mono.error(IllegalStateException::new))
						.flatMap((value) -> given.map((other) -> value + other))
						.concatWith(Flux.just("a")).next();
				}

				void empty() {
				}

			}

			class Repository {

				Mono<String> find(String key) {
					return Mono.just(key);
				}

			}

			class Client {

				Client sql(String sql) {
					return this;
				}

				Client map(Object mapper) {
					return this;
				}

				Mono<Object> one() {
					return Mono.empty();
				}

			}
			""";

	@TempDir
	Path repository;

	Sources sources;

	ReactorOperators reactor;

	@BeforeEach
	void writeSample() throws IOException {
		Path file = Root.REACTIVE.resolve(this.repository).resolve("sample/Sample.java");
		Files.createDirectories(file.getParent());
		Files.writeString(file, SAMPLE);
		this.sources = new Sources(this.repository);
		this.reactor = new ReactorOperators(this.sources.all(Root.REACTIVE));
	}

	Metrics measure(String member) {
		List<Unit> units = this.sources.extract(Part.of(Root.REACTIVE, "sample/Sample#" + member));
		assertThat(units).hasSize(1);
		return CodeMetrics.of(units.get(0), this.reactor);
	}

	@Test
	void countsDecisionPointsPlusOnePerMethod() {
		// 1 + if, &&, else if, ||, for-each, ?:, two cases (not default), catch
		assertThat(measure("branches").complexity()).isEqualTo(10);
		assertThat(measure("<init>").complexity()).isEqualTo(1);
	}

	@Test
	void countsCodeLinesWithoutBlanksCommentsOrJavadoc() {
		assertThat(measure("branches").codeLines()).isEqualTo(23);
		assertThat(measure("<init>").codeLines()).isEqualTo(4);
	}

	@Test
	void measuresNestingOfBlocksAndLambdasElseIfNotNesting() {
		// the if/else-if bodies and the try body are depth 1, the switch cases depth 2
		assertThat(measure("branches").nesting()).isEqualTo(2);
		// lambda, lambda, if body
		assertThat(measure("nested").nesting()).isEqualTo(3);
		assertThat(measure("nested").lambdas()).isEqualTo(2);
	}

	@Test
	void countsReactorCallsOnPublishersOnly() {
		Metrics metrics = measure("reactive");
		// map, switchIfEmpty, Mono.error, flatMap, given.map, concatWith, Flux.just,
		// next;
		// not Optional.map/filter/orElse, not the client's map/one
		assertThat(metrics.reactorCalls()).isEqualTo(8);
		assertThat(metrics.methodReferences()).isEqualTo(3);
		assertThat(metrics.lambdas()).isEqualTo(4);
	}

	@Test
	void failsLoudlyForAMissingMember() {
		assertThatIllegalStateException()
			.isThrownBy(() -> this.sources.extract(Part.of(Root.REACTIVE, "sample/Sample#renamed")))
			.withMessageContaining("renamed")
			.withMessageContaining("Sample");
	}

	@Test
	void failsLoudlyForAnEmptyMember() {
		assertThatIllegalStateException()
			.isThrownBy(() -> this.sources.extract(Part.of(Root.REACTIVE, "sample/Sample#empty")))
			.withMessageContaining("empty");
	}

	@Test
	void failsLoudlyForAMissingFile() {
		assertThatIllegalStateException().isThrownBy(() -> this.sources.extract(Part.of(Root.REACTIVE, "sample/Gone")))
			.withMessageContaining("Gone.java");
	}

	@Test
	void showsTheDeclarationWithItsJavadocDedented() {
		Unit unit = this.sources.extract(Part.of(Root.REACTIVE, "sample/Sample#branches")).get(0);
		List<SourceFile.Line> lines = unit.display();
		assertThat(lines.get(0).text()).isEqualTo("/** Javadoc lines are not code. */");
		assertThat(lines.get(1).text()).isEqualTo("int branches(int a, boolean b, List<String> items) {");
		assertThat(lines.get(lines.size() - 1).text()).isEqualTo("}");
	}

}
