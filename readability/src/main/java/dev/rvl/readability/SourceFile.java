package dev.rvl.readability;

import java.util.ArrayList;
import java.util.List;

import com.github.javaparser.JavaToken;
import com.github.javaparser.ast.CompilationUnit;

/**
 * A parsed source file and its lines as highlighted segments, rebuilt from JavaParser's
 * tokens (so the text is the file's own, byte for byte).
 *
 * @param path the path relative to the repository root, with {@code /}
 * @param unit the parsed file
 * @param lines the lines, index 0 is line 1
 */
record SourceFile(String path, CompilationUnit unit, List<Line> lines) {

	static SourceFile of(String path, CompilationUnit unit) {
		List<Line> lines = new ArrayList<>();
		List<Segment> current = new ArrayList<>();
		for (JavaToken token : unit.getTokenRange().orElseThrow()) {
			Kind kind = Kind.of(token);
			if (token.getCategory() == JavaToken.Category.EOL) {
				lines.add(new Line(current));
				current = new ArrayList<>();
				continue;
			}
			String[] parts = token.getText().split("\r?\n", -1);
			for (int i = 0; i < parts.length; i++) {
				if (i > 0) {
					lines.add(new Line(current));
					current = new ArrayList<>();
				}
				if (!parts[i].isEmpty()) {
					current.add(new Segment(parts[i], kind));
				}
			}
		}
		if (!current.isEmpty()) {
			lines.add(new Line(current));
		}
		return new SourceFile(path, unit, List.copyOf(lines));
	}

	/** 1-based line. */
	Line line(int number) {
		return this.lines.get(number - 1);
	}

	/** Lines holding code: not blank, not only comments. */
	int codeLines(int from, int to) {
		int count = 0;
		for (int line = from; line <= to; line++) {
			if (line(line).code()) {
				count++;
			}
		}
		return count;
	}

	int codeLines() {
		return codeLines(1, this.lines.size());
	}

	/** What a piece of a line is, for highlighting and for counting code lines. */
	enum Kind {

		CODE, KEYWORD, LITERAL, COMMENT, SPACE;

		static Kind of(JavaToken token) {
			return switch (token.getCategory()) {
				case KEYWORD -> KEYWORD;
				case LITERAL -> LITERAL;
				case COMMENT -> COMMENT;
				case WHITESPACE_NO_EOL, EOL -> SPACE;
				default -> CODE;
			};
		}

	}

	/**
	 * Part of a line of one kind.
	 *
	 * @param text the text
	 * @param kind its kind
	 */
	record Segment(String text, Kind kind) {
	}

	/**
	 * One line.
	 *
	 * @param segments its pieces, in order
	 */
	record Line(List<Segment> segments) {

		Line {
			segments = List.copyOf(segments);
		}

		boolean code() {
			return this.segments.stream()
				.anyMatch((segment) -> segment.kind() != Kind.SPACE && segment.kind() != Kind.COMMENT
						&& !segment.text().isBlank());
		}

		boolean blank() {
			return this.segments.stream().allMatch((segment) -> segment.text().isBlank());
		}

		String text() {
			StringBuilder text = new StringBuilder();
			this.segments.forEach((segment) -> text.append(segment.text()));
			return text.toString();
		}

		/** Leading tabs. */
		int indent() {
			String text = text();
			int tabs = 0;
			while (tabs < text.length() && text.charAt(tabs) == '\t') {
				tabs++;
			}
			return tabs;
		}

		/** The line without its first {@code tabs} leading tabs. */
		Line dedent(int tabs) {
			List<Segment> result = new ArrayList<>();
			int remaining = tabs;
			for (Segment segment : this.segments) {
				String text = segment.text();
				while (remaining > 0 && !text.isEmpty() && text.charAt(0) == '\t') {
					text = text.substring(1);
					remaining--;
				}
				if (!text.isEmpty()) {
					result.add(new Segment(text, segment.kind()));
				}
				if (!segment.text().isBlank()) {
					remaining = 0;
				}
			}
			return new Line(result);
		}

	}

}
