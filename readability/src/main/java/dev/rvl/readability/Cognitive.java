package dev.rvl.readability;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import net.sourceforge.pmd.PMDConfiguration;
import net.sourceforge.pmd.PmdAnalysis;
import net.sourceforge.pmd.lang.java.JavaLanguageModule;
import net.sourceforge.pmd.lang.rule.RuleSet;
import net.sourceforge.pmd.reporting.Report;
import net.sourceforge.pmd.reporting.RuleViolation;

/**
 * Cognitive complexity (G. Ann Campbell's, SonarSource 2017) of every method and
 * constructor, as PMD computes it ({@code JavaMetrics.COGNITIVE_COMPLEXITY}, the metric
 * behind PMD's {@code CognitiveComplexity} rule): +1 for each {@code if},
 * {@code else if}, {@code else}, ternary, {@code switch}, loop, {@code catch}, sequence
 * of like boolean operators, labelled jump and recursive call, plus the nesting depth for
 * the structures that nest (lambdas and nested methods deepen it). One PMD analysis over
 * the given files with {@link CognitiveComplexityProbe}; a unit's value is the sum over
 * the methods and constructors it declares.
 */
final class Cognitive {

	/** For code that is not analysed (the contract tests): 0. */
	static final Cognitive NONE = new Cognitive(Map.of());

	/** Per repository-relative file: the line of each declaration and its value. */
	private final Map<String, List<int[]>> files;

	private Cognitive(Map<String, List<int[]>> files) {
		this.files = files;
	}

	static Cognitive of(Path repository, Collection<SourceFile> sources) {
		PMDConfiguration configuration = new PMDConfiguration();
		configuration.setDefaultLanguageVersion(JavaLanguageModule.getInstance().getVersion("21"));
		configuration.setIgnoreIncrementalAnalysis(true);
		configuration.setThreads(0);
		Map<Path, String> paths = new HashMap<>();
		Map<String, List<int[]>> files = new HashMap<>();
		try (PmdAnalysis pmd = PmdAnalysis.create(configuration)) {
			pmd.addRuleSet(RuleSet.forSingleRule(new CognitiveComplexityProbe()));
			for (SourceFile source : sources) {
				Path path = repository.resolve(source.path()).toAbsolutePath().normalize();
				if (paths.putIfAbsent(path, source.path()) == null) {
					pmd.files().addFile(path);
					files.put(source.path(), new ArrayList<>());
				}
			}
			Report report = pmd.performAnalysisAndCollectReport();
			if (!report.getProcessingErrors().isEmpty() || !report.getConfigurationErrors().isEmpty()) {
				throw new IllegalStateException("PMD could not analyse the sources: "
						+ report.getProcessingErrors().stream().map(Report.ProcessingError::getMsg).toList()
						+ report.getConfigurationErrors().stream().map(Report.ConfigurationError::issue).toList());
			}
			List<RuleViolation> violations = new ArrayList<>(report.getViolations());
			report.getSuppressedViolations().forEach((suppressed) -> violations.add(suppressed.getRuleViolation()));
			for (RuleViolation violation : violations) {
				String file = paths.get(Path.of(violation.getFileId().getAbsolutePath()).toAbsolutePath().normalize());
				if (file == null) {
					throw new IllegalStateException("PMD reported an unknown file " + violation.getFileId());
				}
				files.get(file)
					.add(new int[] { violation.getBeginLine(), Integer.parseInt(violation.getDescription().strip()) });
			}
		}
		return new Cognitive(files);
	}

	/** The sum over the declarations of a unit. */
	int of(Unit unit) {
		List<int[]> declarations = declarations(unit.file());
		int sum = 0;
		for (int[] range : unit.ranges()) {
			for (int[] declaration : declarations) {
				if (declaration[0] >= range[0] && declaration[0] <= range[1]) {
					sum += declaration[1];
				}
			}
		}
		return sum;
	}

	/** The sum over a whole file. */
	int of(SourceFile file) {
		return declarations(file).stream().mapToInt((declaration) -> declaration[1]).sum();
	}

	private List<int[]> declarations(SourceFile file) {
		if (this == NONE) {
			return List.of();
		}
		List<int[]> declarations = this.files.get(file.path());
		if (declarations == null) {
			throw new IllegalStateException("Not analysed by PMD: " + file.path());
		}
		return declarations;
	}

}
