package dev.rvl.readability;

import java.util.List;

/**
 * HTML escaping and source highlighting.
 */
final class Html {

	private Html() {
	}

	static String escape(String text) {
		StringBuilder escaped = new StringBuilder(text.length());
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '&' -> escaped.append("&amp;");
				case '<' -> escaped.append("&lt;");
				case '>' -> escaped.append("&gt;");
				case '"' -> escaped.append("&quot;");
				default -> escaped.append(c);
			}
		}
		return escaped.toString();
	}

	/** Lines of source as highlighted HTML (for a {@code pre}). */
	static String code(List<SourceFile.Line> lines) {
		StringBuilder html = new StringBuilder();
		for (SourceFile.Line line : lines) {
			for (SourceFile.Segment segment : line.segments()) {
				String text = escape(segment.text());
				switch (segment.kind()) {
					case KEYWORD -> html.append("<span class=\"k\">").append(text).append("</span>");
					case LITERAL -> html.append("<span class=\"s\">").append(text).append("</span>");
					case COMMENT -> html.append("<span class=\"c\">").append(text).append("</span>");
					default -> html.append(text);
				}
			}
			html.append('\n');
		}
		return html.toString();
	}

	/** A unified diff as HTML, added and removed lines marked. */
	static String diff(String diff) {
		StringBuilder html = new StringBuilder();
		for (String line : diff.split("\n", -1)) {
			String text = escape(line);
			if (line.startsWith("+++ ") || line.startsWith("--- ") || line.startsWith("diff --git")
					|| line.startsWith("index ")) {
				html.append("<span class=\"dh\">").append(text).append("</span>\n");
			}
			else if (line.startsWith("@@")) {
				html.append("<span class=\"dl\">").append(text).append("</span>\n");
			}
			else if (line.startsWith("+")) {
				html.append("<span class=\"da\">").append(text).append("</span>\n");
			}
			else if (line.startsWith("-")) {
				html.append("<span class=\"dr\">").append(text).append("</span>\n");
			}
			else {
				html.append(text).append('\n');
			}
		}
		return html.toString();
	}

	/** A stack trace as HTML, the project's own frames marked. */
	static String trace(String trace) {
		StringBuilder html = new StringBuilder();
		for (String line : trace.split("\n", -1)) {
			String text = escape(line);
			if (line.contains("dev.rvl.")) {
				html.append("<span class=\"own\">").append(text).append("</span>\n");
			}
			else {
				html.append(text).append('\n');
			}
		}
		return html.toString();
	}

}
