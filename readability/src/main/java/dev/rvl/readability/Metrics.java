package dev.rvl.readability;

import java.util.Collection;

/**
 * What the page measures for a piece of code (definitions on the page, in
 * {@link CodeMetrics}, {@link Cognitive} and {@link Constructs}).
 *
 * @param codeLines lines that are neither blank nor only comments
 * @param complexity cyclomatic complexity: 1 per method or constructor plus 1 per
 * decision point, summed
 * @param cognitive cognitive complexity as PMD computes it, per method or constructor,
 * summed
 * @param nesting the deepest nesting of blocks and lambdas in any one method
 * @param lambdas lambda expressions
 * @param methodReferences method references ({@code this::price})
 * @param errorPaths places that raise, translate or recover from an error, counted the
 * same way in both styles
 * @param concurrency concurrency constructs, counted the same way in both styles
 * @param reactorCalls calls of Reactor's {@code Mono}/{@code Flux} API on a publisher,
 * static factories included
 */
record Metrics(int codeLines, int complexity, int cognitive, int nesting, int lambdas, int methodReferences,
		int errorPaths, int concurrency, int reactorCalls) {

	static final Metrics ZERO = new Metrics(0, 0, 0, 0, 0, 0, 0, 0, 0);

	Metrics plus(Metrics other) {
		return new Metrics(this.codeLines + other.codeLines, this.complexity + other.complexity,
				this.cognitive + other.cognitive, Math.max(this.nesting, other.nesting), this.lambdas + other.lambdas,
				this.methodReferences + other.methodReferences, this.errorPaths + other.errorPaths,
				this.concurrency + other.concurrency, this.reactorCalls + other.reactorCalls);
	}

	static Metrics sum(Collection<Metrics> metrics) {
		return metrics.stream().reduce(ZERO, Metrics::plus);
	}

}
