package dev.rvl.readability;

import java.util.ArrayList;
import java.util.List;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.CompactConstructorDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.WhileStmt;

/**
 * The metrics, computed on JavaParser's syntax tree.
 * <ul>
 * <li><b>code lines</b>: lines of the declaration (annotations included, its Javadoc not)
 * holding a token that is neither whitespace nor a comment;</li>
 * <li><b>cyclomatic complexity</b>: 1 per method or constructor with a body, plus 1 per
 * {@code if}, {@code ?:}, {@code case} (not {@code default}), {@code for}, for-each,
 * {@code while}, {@code do}, {@code catch}, {@code &&} and {@code ||}; lambdas belong to
 * the method they are written in;</li>
 * <li><b>nesting</b>: the deepest stack of blocks (if/else, loop, try, catch, finally,
 * switch case, nested class method) and lambdas inside one method; a method body is depth
 * 0, {@code else if} does not nest;</li>
 * <li><b>lambdas</b> and <b>method references</b>: their occurrences;</li>
 * <li><b>cognitive complexity</b>: see {@link Cognitive};</li>
 * <li><b>error paths</b> and <b>concurrency constructs</b>: see {@link Constructs};</li>
 * <li><b>Reactor calls</b>: see {@link ReactorOperators}.</li>
 * </ul>
 */
final class CodeMetrics {

	private CodeMetrics() {
	}

	static Metrics of(Unit unit, ReactorOperators reactor, Cognitive cognitive) {
		Metrics metrics = Metrics.ZERO;
		for (Node node : unit.nodes()) {
			metrics = metrics.plus(of(node, 0, reactor));
		}
		return new Metrics(unit.codeLines(), metrics.complexity(), cognitive.of(unit), metrics.nesting(),
				metrics.lambdas(), metrics.methodReferences(), metrics.errorPaths(), metrics.concurrency(),
				metrics.reactorCalls());
	}

	static Metrics of(SourceFile file, ReactorOperators reactor, Cognitive cognitive) {
		Metrics metrics = of(file.unit(), file.codeLines(), reactor);
		return new Metrics(metrics.codeLines(), metrics.complexity(), cognitive.of(file), metrics.nesting(),
				metrics.lambdas(), metrics.methodReferences(), metrics.errorPaths(), metrics.concurrency(),
				metrics.reactorCalls());
	}

	/** Everything but cognitive complexity (which {@link Cognitive} adds). */
	static Metrics of(Node node, int codeLines, ReactorOperators reactor) {
		return new Metrics(codeLines, complexity(node), 0, nesting(node), node.findAll(LambdaExpr.class).size(),
				node.findAll(MethodReferenceExpr.class).size(), Constructs.errorPaths(node, reactor),
				Constructs.concurrency(node, reactor),
				(int) node.findAll(MethodCallExpr.class).stream().filter(reactor::isOperatorCall).count());
	}

	static int complexity(Node node) {
		int methods = (int) node.findAll(CallableDeclaration.class).stream().filter(CodeMetrics::hasBody).count()
				+ node.findAll(CompactConstructorDeclaration.class).size();
		int decisions = node.findAll(IfStmt.class).size() + node.findAll(ConditionalExpr.class).size()
				+ node.findAll(ForStmt.class).size() + node.findAll(ForEachStmt.class).size()
				+ node.findAll(WhileStmt.class).size() + node.findAll(DoStmt.class).size()
				+ node.findAll(CatchClause.class).size()
				+ (int) node.findAll(SwitchEntry.class).stream().filter((entry) -> !isDefault(entry)).count()
				+ (int) node.findAll(BinaryExpr.class)
					.stream()
					.filter((binary) -> binary.getOperator() == BinaryExpr.Operator.AND
							|| binary.getOperator() == BinaryExpr.Operator.OR)
					.count();
		return methods + decisions;
	}

	static int nesting(Node node) {
		List<Node> roots = new ArrayList<>();
		roots.addAll(node.findAll(CallableDeclaration.class));
		roots.addAll(node.findAll(CompactConstructorDeclaration.class));
		roots.addAll(node.findAll(FieldDeclaration.class));
		roots.addAll(node.findAll(InitializerDeclaration.class));
		return roots.stream().mapToInt((root) -> depth(root, root, 0)).max().orElse(0);
	}

	private static int depth(Node node, Node root, int depth) {
		int max = depth;
		for (Node child : node.getChildNodes()) {
			max = Math.max(max, depth(child, root, depth + (nests(child, root) ? 1 : 0)));
		}
		return max;
	}

	private static boolean nests(Node node, Node root) {
		Node parent = node.getParentNode().orElse(null);
		if (node instanceof LambdaExpr || node instanceof SwitchEntry) {
			return true;
		}
		if (node instanceof BlockStmt) {
			return parent != root && !(parent instanceof LambdaExpr) && !(parent instanceof SwitchEntry)
					&& !(parent instanceof InitializerDeclaration && parent == root);
		}
		if (node instanceof Statement) {
			return switch (parent) {
				case IfStmt ifStmt -> node == ifStmt.getThenStmt() || (!(node instanceof IfStmt)
						&& ifStmt.getElseStmt().filter((elseStmt) -> elseStmt == node).isPresent());
				case ForStmt loop -> node == loop.getBody();
				case ForEachStmt loop -> node == loop.getBody();
				case WhileStmt loop -> node == loop.getBody();
				case DoStmt loop -> node == loop.getBody();
				case null, default -> false;
			};
		}
		return false;
	}

	private static boolean hasBody(CallableDeclaration<?> callable) {
		return switch (callable) {
			case MethodDeclaration method -> method.getBody().isPresent();
			case ConstructorDeclaration constructor -> true;
			default -> false;
		};
	}

	private static boolean isDefault(SwitchEntry entry) {
		return entry.isDefault() || entry.getLabels().isEmpty();
	}

}
