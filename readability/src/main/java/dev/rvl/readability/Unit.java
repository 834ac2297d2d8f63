package dev.rvl.readability;

import java.util.ArrayList;
import java.util.List;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.comments.Comment;

/**
 * One named piece of code extracted for the comparison: a member (all overloads of a
 * method, all constructors, a nested type) or a whole class.
 *
 * @param part the table entry it comes from
 * @param member the member name, {@code null} for the whole class
 * @param file the file it is in
 * @param nodes its declarations, in source order
 */
record Unit(Part part, String member, SourceFile file, List<Node> nodes) {

	Unit {
		nodes = List.copyOf(nodes);
	}

	/** What the page aligns rows on: the same in both apps for the same step. */
	String key() {
		if (this.member == null) {
			return this.part.className();
		}
		if (Part.CONSTRUCTOR.equals(this.member)) {
			return this.part.className() + " constructor";
		}
		return this.part.className() + "." + this.member;
	}

	/** Identity across use cases, for per-app totals that count each piece once. */
	String identity() {
		return this.part.sourcePath() + "#" + ((this.member != null) ? this.member : "");
	}

	String label() {
		if (this.member == null) {
			return this.part.className() + " (whole class)";
		}
		if (Part.CONSTRUCTOR.equals(this.member)) {
			return "new " + this.part.className() + "(…)";
		}
		return this.part.className() + "." + this.member
				+ ((this.nodes.get(0) instanceof TypeDeclaration) ? "" : "(…)");
	}

	/** First and last line of each declaration. */
	List<int[]> ranges() {
		return this.nodes.stream().map((node) -> new int[] { begin(node), node.getEnd().orElseThrow().line }).toList();
	}

	/** Code lines: not blank, not comments (the declarations' Javadoc excluded). */
	int codeLines() {
		return ranges().stream().mapToInt((range) -> this.file.codeLines(range[0], range[1])).sum();
	}

	/** The source shown: each declaration with its comment, dedented, overloads apart. */
	List<SourceFile.Line> display() {
		List<SourceFile.Line> lines = new ArrayList<>();
		for (Node node : this.nodes) {
			if (!lines.isEmpty()) {
				lines.add(new SourceFile.Line(List.of()));
			}
			int from = node.getComment().map(Unit::begin).orElse(begin(node));
			int to = node.getEnd().orElseThrow().line;
			List<SourceFile.Line> declaration = this.file.lines().subList(from - 1, to);
			int indent = declaration.stream()
				.filter((line) -> !line.blank())
				.mapToInt(SourceFile.Line::indent)
				.min()
				.orElse(0);
			declaration.forEach((line) -> lines.add(line.dedent(indent)));
		}
		return lines;
	}

	private static int begin(Node node) {
		return node.getBegin().orElseThrow().line;
	}

	private static int begin(Comment comment) {
		return comment.getBegin().orElseThrow().line;
	}

}
