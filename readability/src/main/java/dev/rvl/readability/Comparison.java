package dev.rvl.readability;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Everything the page and the findings show, computed from the sources and the committed
 * fixtures. Deterministic: the same files give the same comparison.
 *
 * @param useCases each use case, measured
 * @param distinct per app, every method of the five use cases counted once
 * @param withoutHelpers per app, the same without the reusable helpers
 * ({@link UseCases#HELPERS})
 * @param wholeApp per app, all of its main code (whole files, imports included)
 * @param appFiles per app, its main source files (package-info excluded)
 * @param traces the captured stack traces
 * @param patches the feature changes' patches
 * @param deadlineTests per app, the unit test of the fan-out's deadline
 */
record Comparison(List<UseCaseResult> useCases, Map<App, Metrics> distinct, Map<App, Metrics> withoutHelpers,
		Map<App, Metrics> wholeApp, Map<App, Integer> appFiles, List<StackTraces.Trace> traces,
		List<FeatureChange.Patch> patches, Map<App, Measured> deadlineTests) {

	static Comparison of(Path repository) {
		Sources sources = new Sources(repository);
		List<SourceFile> analysed = new ArrayList<>();
		for (Root root : List.of(Root.REACTIVE, Root.LOOM, Root.SHARED_WEB)) {
			analysed.addAll(sources.all(root));
		}
		UseCases.DEADLINE_TESTS.values().forEach((part) -> analysed.add(sources.file(part.sourcePath())));
		Cognitive cognitive = Cognitive.of(repository, analysed);
		Map<App, ReactorOperators> reactor = new EnumMap<>(App.class);
		Map<App, Metrics> wholeApp = new EnumMap<>(App.class);
		Map<App, Integer> appFiles = new EnumMap<>(App.class);
		for (App app : App.values()) {
			List<SourceFile> files = sources.all(app.main());
			ReactorOperators operators = new ReactorOperators(files);
			reactor.put(app, operators);
			wholeApp.put(app,
					Metrics.sum(files.stream().map((file) -> CodeMetrics.of(file, operators, cognitive)).toList()));
			appFiles.put(app, files.size());
		}
		ReactorOperators none = new ReactorOperators(List.of());
		List<UseCaseResult> useCases = new ArrayList<>();
		Map<App, Map<String, Measured>> distinct = new EnumMap<>(App.class);
		for (UseCase useCase : UseCases.ALL) {
			Map<App, List<Measured>> units = new EnumMap<>(App.class);
			for (App app : App.values()) {
				List<Measured> measured = measure(sources, useCase.parts(app), reactor.get(app), cognitive);
				if (measured.stream().mapToInt((unit) -> unit.metrics().codeLines()).sum() == 0) {
					throw new IllegalStateException("Use case " + useCase.id() + " has no code in " + app.module());
				}
				units.put(app, measured);
				measured.forEach((unit) -> distinct.computeIfAbsent(app, (key) -> new LinkedHashMap<>())
					.putIfAbsent(unit.unit().identity(), unit));
			}
			List<Measured> structured = measure(sources, useCase.structured(), reactor.get(App.LOOM), cognitive);
			List<Measured> shared = measure(sources, useCase.shared(), none, cognitive);
			List<Measured> contract = measure(sources, useCase.tests(), none, Cognitive.NONE);
			useCases.add(new UseCaseResult(useCase, units, structured, shared, contract));
		}
		Map<App, Metrics> distinctMetrics = new EnumMap<>(App.class);
		Map<App, Metrics> withoutHelpers = new EnumMap<>(App.class);
		distinct.forEach((app, units) -> {
			distinctMetrics.put(app, Metrics.sum(units.values().stream().map(Measured::metrics).toList()));
			withoutHelpers.put(app,
					Metrics.sum(units.values()
						.stream()
						.filter((unit) -> !UseCases.isHelper(unit.unit()))
						.map(Measured::metrics)
						.toList()));
		});
		Map<App, Measured> deadlineTests = new EnumMap<>(App.class);
		for (App app : App.values()) {
			deadlineTests.put(app,
					measure(sources, List.of(UseCases.DEADLINE_TESTS.get(app)), reactor.get(app), cognitive).get(0));
		}
		return new Comparison(List.copyOf(useCases), distinctMetrics, withoutHelpers, wholeApp, appFiles,
				StackTraces.read(repository), FeatureChange.read(repository), deadlineTests);
	}

	private static List<Measured> measure(Sources sources, List<Part> parts, ReactorOperators reactor,
			Cognitive cognitive) {
		List<Measured> measured = new ArrayList<>();
		for (Part part : parts) {
			for (Unit unit : sources.extract(part)) {
				measured.add(new Measured(unit, CodeMetrics.of(unit, reactor, cognitive)));
			}
		}
		return measured;
	}

	/** The code lines of the reusable helpers in an app's distinct total. */
	int helperLines(App app) {
		return this.distinct.get(app).codeLines() - this.withoutHelpers.get(app).codeLines();
	}

	StackTraces.Trace trace(String variant, String scenario) {
		return this.traces.stream()
			.filter((trace) -> trace.variant().id().equals(variant) && trace.scenario().id().equals(scenario))
			.findFirst()
			.orElseThrow();
	}

	FeatureChange.Patch patch(FeatureChange.Change change, String name) {
		return this.patches.stream()
			.filter((patch) -> patch.change() == change && patch.name().equals(name))
			.findFirst()
			.orElseThrow();
	}

	UseCaseResult useCase(String id) {
		return this.useCases.stream().filter((result) -> result.useCase().id().equals(id)).findFirst().orElseThrow();
	}

	/**
	 * A unit and its metrics.
	 *
	 * @param unit the code
	 * @param metrics what it measures
	 */
	record Measured(Unit unit, Metrics metrics) {
	}

	/**
	 * A step of a use case: the same-named code in each app, either side possibly absent.
	 *
	 * @param key what the rows are aligned on
	 * @param reactive the reactive app's code, or {@code null}
	 * @param loom the Loom app's code, or {@code null}
	 * @param structured the third column's code, or {@code null} (where the use case has
	 * one: {@link #inherited()} when it is the Loom column's own code)
	 */
	record Row(String key, Measured reactive, Measured loom, Measured structured) {

		Row(String key, Measured reactive, Measured loom) {
			this(key, reactive, loom, null);
		}

		Row withStructured(Measured measured) {
			return new Row(this.key, this.reactive, this.loom, measured);
		}

		/** The third column runs the Loom column's code here, unchanged. */
		boolean inherited() {
			return this.structured != null && this.loom != null
					&& this.structured.unit().identity().equals(this.loom.unit().identity());
		}

	}

	/**
	 * A use case, measured.
	 *
	 * @param useCase the table entry
	 * @param units per app, the code in table order
	 * @param structured the third column's code (the Loom app with
	 * {@code partner.fan-out=structured}), empty where there is none
	 * @param shared the code both use as is
	 * @param tests the contract tests exercising it
	 */
	record UseCaseResult(UseCase useCase, Map<App, List<Measured>> units, List<Measured> structured,
			List<Measured> shared, List<Measured> tests) {

		Metrics metrics(App app) {
			return Metrics.sum(this.units.get(app).stream().map(Measured::metrics).toList());
		}

		boolean hasStructured() {
			return !this.structured.isEmpty();
		}

		Metrics structuredMetrics() {
			return Metrics.sum(this.structured.stream().map(Measured::metrics).toList());
		}

		Metrics sharedMetrics() {
			return Metrics.sum(this.shared.stream().map(Measured::metrics).toList());
		}

		int testLines() {
			return this.tests.stream().mapToInt((test) -> test.metrics().codeLines()).sum();
		}

		/**
		 * The rows, aligned by key: common steps in order, each app's own in place; then
		 * the third column's code, if any: the Loom column's own code in its row, an
		 * override in the row of the Loom method of that name, the rest in rows of their
		 * own at the end.
		 */
		List<Row> rows() {
			List<Row> rows = new ArrayList<>(twoColumnRows());
			for (Measured measured : this.structured) {
				int at = row(rows,
						(row) -> row.loom() != null && row.loom().unit().identity().equals(measured.unit().identity()));
				if (at < 0) {
					at = row(rows, (row) -> row.loom() != null && row.structured() == null
							&& Objects.equals(row.loom().unit().member(), measured.unit().member()));
				}
				if (at < 0) {
					rows.add(new Row(key(measured), null, null, measured));
				}
				else {
					rows.set(at, rows.get(at).withStructured(measured));
				}
			}
			return rows;
		}

		private static int row(List<Row> rows, Predicate<Row> wanted) {
			for (int i = 0; i < rows.size(); i++) {
				if (wanted.test(rows.get(i))) {
					return i;
				}
			}
			return -1;
		}

		private List<Row> twoColumnRows() {
			List<Measured> reactive = this.units.get(App.REACTIVE);
			List<Measured> loom = this.units.get(App.LOOM);
			int[][] common = new int[reactive.size() + 1][loom.size() + 1];
			for (int i = reactive.size() - 1; i >= 0; i--) {
				for (int j = loom.size() - 1; j >= 0; j--) {
					common[i][j] = key(reactive.get(i)).equals(key(loom.get(j))) ? common[i + 1][j + 1] + 1
							: Math.max(common[i + 1][j], common[i][j + 1]);
				}
			}
			List<Row> rows = new ArrayList<>();
			int i = 0;
			int j = 0;
			while (i < reactive.size() || j < loom.size()) {
				if (i < reactive.size() && j < loom.size() && key(reactive.get(i)).equals(key(loom.get(j)))) {
					rows.add(new Row(key(reactive.get(i)), reactive.get(i++), loom.get(j++)));
				}
				else if (j < loom.size() && (i == reactive.size() || common[i][j + 1] >= common[i + 1][j])) {
					rows.add(new Row(key(loom.get(j)), null, loom.get(j++)));
				}
				else {
					rows.add(new Row(key(reactive.get(i)), reactive.get(i++), null));
				}
			}
			return rows;
		}

		private static String key(Measured measured) {
			return measured.unit().key();
		}

	}

}
