package dev.rvl.readability;

/**
 * The two apps compared.
 */
enum App {

	REACTIVE("reactive-app", "Reactive (WebFlux, Reactor, R2DBC)", Root.REACTIVE),

	LOOM("loom-app", "Loom (MVC, virtual threads, JDBC)", Root.LOOM);

	private final String module;

	private final String title;

	private final Root main;

	App(String module, String title, Root main) {
		this.module = module;
		this.title = title;
		this.main = main;
	}

	String module() {
		return this.module;
	}

	String title() {
		return this.title;
	}

	Root main() {
		return this.main;
	}

}
