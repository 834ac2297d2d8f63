package dev.rvl.readability;

import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.type.ReferenceType;

/**
 * Error paths and concurrency constructs, counted by one definition for both styles, so
 * that neither side's branches or threads hide in what the other side's metric does not
 * see. Each construct counts once where it is written:
 * <ul>
 * <li><b>error paths</b>: places that raise an error, translate it or recover from it.
 * Java (both apps): a {@code throw} statement, a {@code catch} clause, an
 * {@code orElseThrow(…)} with an argument (an absent value raises). Reactor: the calls in
 * {@link #REACTOR_ERRORS}: {@code Mono.error}/{@code Flux.error} (raise, as
 * {@code throw}), {@code onError*}, {@code doOnError}, {@code retry}/{@code retryWhen}
 * (translate or recover, as {@code catch}). So {@code switchIfEmpty(Mono.error(…))}
 * counts once, as {@code orElseThrow(…)} does.</li>
 * <li><b>concurrency constructs</b>: what starts, joins, hands over between, bounds,
 * times out, cancels or interrupts concurrent work. Threads (both apps): creating one of
 * {@link #CONCURRENCY_TYPES} ({@code new}), any call on a receiver declared as one of
 * them (fork, join, put, take, poll, lock, await, execute, …), the calls in
 * {@link #THREAD_CALLS} on any receiver, a static call on one of
 * {@link #CONCURRENCY_FACTORIES}, a {@code catch} of or {@code throws}
 * {@code InterruptedException}, a {@code synchronized} block or method, a
 * {@code volatile} field. Reactor: the operators in {@link #REACTOR_CONCURRENCY}, and
 * those in {@link #REACTOR_WITH_CONCURRENCY} when given an explicit concurrency or
 * prefetch (a last argument that is not a function). Atomics are not counted (both apps
 * use them for the same gauges), nor are method references.</li>
 * </ul>
 * A receiver's type comes from the same small local inference as the Reactor calls (the
 * declared type of a field, parameter or local; see {@link ReactorOperators}).
 */
final class Constructs {

	/** Reactor's raise, translate and recover operators. */
	static final Set<String> REACTOR_ERRORS = sorted("error", "onErrorResume", "onErrorMap", "onErrorReturn",
			"onErrorComplete", "onErrorContinue", "onErrorStop", "doOnError", "retry", "retryWhen");

	/** The JDK's and the Loom app's own concurrency types. */
	static final Set<String> CONCURRENCY_TYPES = sorted("FanOut", "Thread", "Executor", "ExecutorService",
			"AsyncTaskExecutor", "TaskExecutor", "BlockingQueue", "ArrayBlockingQueue", "LinkedBlockingQueue",
			"SynchronousQueue", "Lock", "ReentrantLock", "Condition", "CountDownLatch", "Semaphore", "Phaser",
			"CyclicBarrier", "Future", "CompletableFuture", "StructuredTaskScope");

	/** Thread calls, whatever the receiver. */
	static final Set<String> THREAD_CALLS = sorted("interrupt", "isInterrupted", "interrupted", "startVirtualThread",
			"ofVirtual", "ofPlatform", "sleep");

	/** Classes whose static calls make executors, schedulers or scopes. */
	static final Set<String> CONCURRENCY_FACTORIES = sorted("Executors", "Schedulers", "CompletableFuture",
			"StructuredTaskScope", "ForkJoinPool");

	/** Reactor operators that run, combine, time, bound or cancel concurrent work. */
	static final Set<String> REACTOR_CONCURRENCY = sorted("zip", "zipWith", "zipWhen", "when", "whenDelayError",
			"merge", "mergeWith", "mergeSequential", "mergeDelayError", "firstWithValue", "firstWithSignal", "parallel",
			"subscribeOn", "publishOn", "timeout", "delay", "delayElements", "delaySubscription", "interval",
			"limitRate", "limitRequest", "onBackpressureBuffer", "onBackpressureDrop", "onBackpressureLatest",
			"onBackpressureError", "doOnCancel", "cancelOn", "takeUntilOther", "subscribe", "block", "blockFirst",
			"blockLast", "blockOptional", "toFuture");

	/**
	 * Reactor operators that count when given an explicit concurrency or prefetch.
	 */
	static final Set<String> REACTOR_WITH_CONCURRENCY = sorted("flatMap", "flatMapSequential", "flatMapDelayError",
			"flatMapIterable", "concatMap", "concatMapIterable", "concatMapDelayError");

	private Constructs() {
	}

	static int errorPaths(Node node, ReactorOperators reactor) {
		int java = node.findAll(ThrowStmt.class).size() + node.findAll(CatchClause.class).size()
				+ (int) node.findAll(MethodCallExpr.class)
					.stream()
					.filter((call) -> call.getNameAsString().equals("orElseThrow") && !call.getArguments().isEmpty())
					.count();
		int reactive = (int) node.findAll(MethodCallExpr.class)
			.stream()
			.filter((call) -> REACTOR_ERRORS.contains(call.getNameAsString()) && reactor.isOperatorCall(call))
			.count();
		return java + reactive;
	}

	static int concurrency(Node node, ReactorOperators reactor) {
		int calls = (int) node.findAll(MethodCallExpr.class)
			.stream()
			.filter((call) -> isConcurrencyCall(call, reactor))
			.count();
		int creations = (int) node.findAll(ObjectCreationExpr.class)
			.stream()
			.filter((creation) -> CONCURRENCY_TYPES.contains(creation.getType().getNameAsString()))
			.count();
		int interrupts = (int) node.findAll(CatchClause.class)
			.stream()
			.filter((clause) -> clause.getParameter().getType().asString().contains("InterruptedException"))
			.count();
		int monitors = node.findAll(SynchronizedStmt.class).size() + (int) node.findAll(FieldDeclaration.class)
			.stream()
			.filter((field) -> field.hasModifier(Modifier.Keyword.VOLATILE))
			.count();
		for (CallableDeclaration<?> callable : node.findAll(CallableDeclaration.class)) {
			for (ReferenceType thrown : callable.getThrownExceptions()) {
				if (thrown.asString().endsWith("InterruptedException")) {
					interrupts++;
				}
			}
			if (callable.hasModifier(Modifier.Keyword.SYNCHRONIZED)) {
				monitors++;
			}
		}
		return calls + creations + interrupts + monitors;
	}

	private static boolean isConcurrencyCall(MethodCallExpr call, ReactorOperators reactor) {
		String name = call.getNameAsString();
		if (reactor.isOperatorCall(call)) {
			return REACTOR_CONCURRENCY.contains(name) || (REACTOR_WITH_CONCURRENCY.contains(name)
					&& call.getArguments().size() >= 2 && !isFunction(call.getArguments().getLast().orElseThrow()));
		}
		if (THREAD_CALLS.contains(name)) {
			return true;
		}
		Optional<Expression> scope = call.getScope();
		if (scope.isEmpty()) {
			return false;
		}
		if (scope.get() instanceof NameExpr factory && CONCURRENCY_FACTORIES.contains(factory.getNameAsString())
				&& reactor.declaredType(factory) == null) {
			return true;
		}
		String type = reactor.declaredType(scope.get());
		return type != null && CONCURRENCY_TYPES.contains(type);
	}

	private static boolean isFunction(Expression expression) {
		return expression instanceof LambdaExpr || expression instanceof MethodReferenceExpr;
	}

	private static Set<String> sorted(String... names) {
		return Collections.unmodifiableSortedSet(new TreeSet<>(List.of(names)));
	}

}
