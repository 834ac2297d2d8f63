package dev.rvl.domain.problem;

/**
 * A failure of the order flow that maps to a documented {@link Problem}. Thrown (or
 * signalled) by both apps and rendered by their problem handlers.
 */
public class ProblemException extends RuntimeException {

	private final transient Problem problem;

	public ProblemException(Problem problem) {
		this(problem, null);
	}

	public ProblemException(Problem problem, Throwable cause) {
		super(problem.kind().slug() + ": " + problem.detail(), cause);
		this.problem = problem;
	}

	public Problem problem() {
		return this.problem;
	}

	public ProblemKind kind() {
		return this.problem.kind();
	}

}
