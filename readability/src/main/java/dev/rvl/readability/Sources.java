package dev.rvl.readability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;

/**
 * Parses the sources with JavaParser and extracts the code the use-case table names.
 * Fails loudly: a missing file, class or member, or an empty one, is an error naming what
 * the table asked for.
 */
final class Sources {

	private final Path repository;

	private final JavaParser parser = new JavaParser(
			new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21));

	private final Map<String, SourceFile> files = new HashMap<>();

	Sources(Path repository) {
		this.repository = repository;
	}

	Path repository() {
		return this.repository;
	}

	/** The units a table entry names, in the order it names them. */
	List<Unit> extract(Part part) {
		SourceFile file = file(part.sourcePath());
		TypeDeclaration<?> type = file.unit()
			.getTypes()
			.stream()
			.filter((candidate) -> candidate.getNameAsString().equals(part.className()))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException(
					"Class " + part.className() + " not found in " + file.path() + " (named in UseCases)"));
		if (part.wholeClass()) {
			if (type.getMembers().isEmpty()) {
				throw new IllegalStateException("Class " + part.className() + " in " + file.path() + " is empty");
			}
			return List.of(new Unit(part, null, file, List.of(type)));
		}
		List<Unit> units = new ArrayList<>();
		for (String member : part.members()) {
			List<Node> nodes = members(type, member);
			if (nodes.isEmpty()) {
				throw new IllegalStateException("No member " + member + " in " + part.className() + " (" + file.path()
						+ "), named in UseCases: renamed or removed? Update the table.");
			}
			for (Node node : nodes) {
				if (empty(node)) {
					throw new IllegalStateException(
							"Member " + member + " of " + part.className() + " (" + file.path() + ") is empty");
				}
			}
			units.add(new Unit(part, member, file, nodes));
		}
		return units;
	}

	/** Every Java file under a root (package-info excluded), sorted by path. */
	List<SourceFile> all(Root root) {
		Path dir = root.resolve(this.repository);
		try (Stream<Path> paths = Files.walk(dir)) {
			return paths.filter((path) -> path.toString().endsWith(".java"))
				.filter((path) -> !path.getFileName().toString().equals("package-info.java"))
				.map((path) -> this.repository.relativize(path).toString().replace('\\', '/'))
				.sorted()
				.map(this::file)
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	SourceFile file(String path) {
		return this.files.computeIfAbsent(path, this::parse);
	}

	private SourceFile parse(String path) {
		Path file = this.repository.resolve(path);
		if (!Files.isRegularFile(file)) {
			throw new IllegalStateException("Source file " + path + " not found (named in UseCases)");
		}
		try {
			ParseResult<CompilationUnit> result = this.parser.parse(Files.readString(file));
			if (!result.isSuccessful() || result.getResult().isEmpty()) {
				throw new IllegalStateException("Cannot parse " + path + ": " + result.getProblems());
			}
			return SourceFile.of(path, result.getResult().get());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static List<Node> members(TypeDeclaration<?> type, String member) {
		List<Node> nodes = new ArrayList<>();
		for (BodyDeclaration<?> declaration : type.getMembers()) {
			boolean matches = switch (declaration) {
				case ConstructorDeclaration constructor -> Part.CONSTRUCTOR.equals(member);
				case MethodDeclaration method -> method.getNameAsString().equals(member);
				case TypeDeclaration<?> nested -> nested.getNameAsString().equals(member);
				default -> false;
			};
			if (matches) {
				nodes.add(declaration);
			}
		}
		return nodes;
	}

	private static boolean empty(Node node) {
		return switch (node) {
			case MethodDeclaration method ->
				method.getBody().map((body) -> body.getStatements().isEmpty()).orElse(true);
			case ConstructorDeclaration constructor -> constructor.getBody().getStatements().isEmpty();
			case TypeDeclaration<?> nested -> nested.getMembers().isEmpty();
			default -> false;
		};
	}

}
