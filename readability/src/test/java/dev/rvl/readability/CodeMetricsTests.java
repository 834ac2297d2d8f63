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

			import java.time.Duration;
			import java.util.List;
			import java.util.Optional;
			import java.util.concurrent.ArrayBlockingQueue;
			import java.util.concurrent.BlockingQueue;
			import java.util.concurrent.Executor;
			import java.util.concurrent.locks.Lock;

			import reactor.core.publisher.Flux;
			import reactor.core.publisher.Mono;
			import reactor.core.scheduler.Schedulers;

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

				Mono<String> errors(Optional<String> key, Mono<String> given) {
					String value = key.orElseThrow(() -> new IllegalStateException("none"));
					key.orElseThrow();
					if (value.isEmpty()) {
						throw new IllegalArgumentException("empty");
					}
					return given.onErrorResume(IllegalStateException.class, (ex) -> Mono.just(value))
						.onErrorMap((ex) -> new IllegalStateException(ex))
						.doOnError((ex) -> System.out.println(ex))
						.switchIfEmpty(Mono.error(new IllegalStateException()));
				}

				String threads(Executor executor, Lock lock, List<String> items) throws InterruptedException {
					BlockingQueue<String> handoff = new ArrayBlockingQueue<>(1);
					executor.execute(() -> handoff.add("x"));
					lock.lock();
					try {
						items.add(handoff.take());
					}
					finally {
						lock.unlock();
					}
					Thread.currentThread().interrupt();
					try {
						Thread.sleep(1);
					}
					catch (InterruptedException ex) {
						return "interrupted";
					}
					return items.get(0);
				}

				Flux<String> pipeline(Flux<String> items, Mono<String> a, Mono<String> b) {
					return Mono.zip(a, b, (x, y) -> x + y)
						.timeout(Duration.ofSeconds(1))
						.flux()
						.concatWith(items.limitRate(8)
							.flatMap((item) -> Mono.just(item), 4)
							.flatMap((item) -> Mono.just(item))
							.concatMapIterable((item) -> List.of(item), 1)
							.publishOn(Schedulers.parallel()));
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

	Cognitive cognitive;

	@BeforeEach
	void writeSample() throws IOException {
		Path file = Root.REACTIVE.resolve(this.repository).resolve("sample/Sample.java");
		Files.createDirectories(file.getParent());
		Files.writeString(file, SAMPLE);
		this.sources = new Sources(this.repository);
		this.reactor = new ReactorOperators(this.sources.all(Root.REACTIVE));
		this.cognitive = Cognitive.of(this.repository, this.sources.all(Root.REACTIVE));
	}

	Metrics measure(String member) {
		List<Unit> units = this.sources.extract(Part.of(Root.REACTIVE, "sample/Sample#" + member));
		assertThat(units).hasSize(1);
		return CodeMetrics.of(units.get(0), this.reactor, this.cognitive);
	}

	@Test
	void countsDecisionPointsPlusOnePerMethod() {
		// 1 + if, &&, else if, ||, for-each, ?:, two cases (not default), catch
		assertThat(measure("branches").complexity()).isEqualTo(10);
		assertThat(measure("<init>").complexity()).isEqualTo(1);
	}

	@Test
	void takesCognitiveComplexityFromPmd() {
		// if +1, && +1, else if +1, || +1, for-each +1, ?: +1 and +1 for its nesting,
		// switch +1 (try does not nest), catch +1
		assertThat(measure("branches").cognitive()).isEqualTo(9);
		// an if inside two lambdas: +1 and +2 for its nesting
		assertThat(measure("nested").cognitive()).isEqualTo(3);
		assertThat(measure("<init>").cognitive()).isZero();
	}

	@Test
	void countsErrorPathsAlikeInBothStyles() {
		// orElseThrow(supplier), throw, onErrorResume, onErrorMap, doOnError, Mono.error;
		// not orElseThrow() nor switchIfEmpty
		assertThat(measure("errors").errorPaths()).isEqualTo(6);
		// the catch
		assertThat(measure("branches").errorPaths()).isEqualTo(1);
		assertThat(measure("threads").errorPaths()).isEqualTo(1);
		// Mono.error
		assertThat(measure("reactive").errorPaths()).isEqualTo(1);
	}

	@Test
	void countsThreadConstructs() {
		// throws InterruptedException, new ArrayBlockingQueue, execute, add and take on
		// the queue, lock, unlock, interrupt, sleep, catch InterruptedException; not
		// currentThread, nor the list's add and get
		assertThat(measure("threads").concurrency()).isEqualTo(10);
		assertThat(measure("branches").concurrency()).isZero();
	}

	@Test
	void countsReactorConcurrencyOperators() {
		// zip, timeout, limitRate, flatMap with a concurrency, concatMapIterable with a
		// prefetch, publishOn, Schedulers.parallel; not the plain flatMap
		assertThat(measure("pipeline").concurrency()).isEqualTo(7);
		assertThat(measure("reactive").concurrency()).isZero();
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
