package dev.rvl.readability;

import net.sourceforge.pmd.lang.java.JavaLanguageModule;
import net.sourceforge.pmd.lang.java.ast.ASTConstructorDeclaration;
import net.sourceforge.pmd.lang.java.ast.ASTMethodDeclaration;
import net.sourceforge.pmd.lang.java.ast.JavaNode;
import net.sourceforge.pmd.lang.java.metrics.JavaMetrics;
import net.sourceforge.pmd.lang.java.rule.AbstractJavaRulechainRule;
import net.sourceforge.pmd.lang.metrics.MetricsUtil;

/**
 * A PMD rule that reports every method and constructor with its cognitive complexity as
 * the message ({@link JavaMetrics#COGNITIVE_COMPLEXITY}, computed by PMD as for its own
 * {@code CognitiveComplexity} rule, with no threshold). Public with a public constructor:
 * PMD copies rules by reflection.
 */
public final class CognitiveComplexityProbe extends AbstractJavaRulechainRule {

	public CognitiveComplexityProbe() {
		super(ASTMethodDeclaration.class, ASTConstructorDeclaration.class);
		setName("CognitiveComplexityProbe");
		setMessage("{0}");
		setLanguage(JavaLanguageModule.getInstance());
	}

	@Override
	public Object visit(ASTMethodDeclaration node, Object data) {
		if (JavaMetrics.COGNITIVE_COMPLEXITY.supports(node)) {
			report(node, MetricsUtil.computeMetric(JavaMetrics.COGNITIVE_COMPLEXITY, node), data);
		}
		return data;
	}

	@Override
	public Object visit(ASTConstructorDeclaration node, Object data) {
		if (JavaMetrics.COGNITIVE_COMPLEXITY.supports(node)) {
			report(node, MetricsUtil.computeMetric(JavaMetrics.COGNITIVE_COMPLEXITY, node), data);
		}
		return data;
	}

	private void report(JavaNode node, int cognitive, Object data) {
		asCtx(data).addViolation(node, String.valueOf(cognitive));
	}

}
