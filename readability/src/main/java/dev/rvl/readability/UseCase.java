package dev.rvl.readability;

import java.util.List;

/**
 * One use case, and the code that implements it in each app.
 *
 * @param id stable id (anchors, file names)
 * @param title the heading
 * @param summary what the use case does, the same in both apps
 * @param reactive the reactive app's code
 * @param loom the Loom app's code
 * @param structured the Loom app's code with {@code partner.fan-out=structured} (the
 * fan-out written with {@code StructuredTaskScope}), a third column; empty where it is
 * the same as {@code loom}
 * @param shared code both apps use as is, shown once and counted in neither
 * @param tests the contract-suite tests that exercise it (shared by both apps)
 * @param note what a reader should know to compare fairly
 */
record UseCase(String id, String title, String summary, List<Part> reactive, List<Part> loom, List<Part> structured,
		List<Part> shared, List<Part> tests, String note) {

	UseCase {
		reactive = List.copyOf(reactive);
		loom = List.copyOf(loom);
		structured = List.copyOf(structured);
		shared = List.copyOf(shared);
		tests = List.copyOf(tests);
	}

	/** A use case with no third column. */
	UseCase(String id, String title, String summary, List<Part> reactive, List<Part> loom, List<Part> shared,
			List<Part> tests, String note) {
		this(id, title, summary, reactive, loom, List.of(), shared, tests, note);
	}

	List<Part> parts(App app) {
		return (app == App.REACTIVE) ? this.reactive : this.loom;
	}

}
