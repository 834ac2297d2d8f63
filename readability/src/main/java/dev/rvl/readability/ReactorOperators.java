package dev.rvl.readability;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.UnknownType;
import com.github.javaparser.ast.type.VarType;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Counts calls of Reactor's API. A call counts when its name is a public method of
 * {@code Mono} or {@code Flux} (read from reactor-core by reflection) and it is made on a
 * publisher: a static call on {@code Mono}/{@code Flux}, or a call whose receiver is
 * known to be a publisher by a small local type inference (no type solver):
 * <ul>
 * <li>a parameter, local or field declared
 * {@code Mono}/{@code Flux}/{@code Publisher};</li>
 * <li>a call of a method of the app declared to return one (looked up in the enclosing
 * class for unqualified calls, in the declared type of a field, parameter or local
 * otherwise);</li>
 * <li>a library call that returns one: {@link #LIBRARY_PUBLISHERS} by name, when the
 * receiver is not a type of the app;</li>
 * <li>the result of a counted call that returns a publisher ({@code as} and
 * {@code transform} included).</li>
 * </ul>
 * So {@code Optional.map} or R2DBC's {@code DatabaseClient...map(row -> ...)} do not
 * count, {@code repository.findCustomer(id).switchIfEmpty(...)} does.
 */
final class ReactorOperators {

	/**
	 * Library methods (WebClient, DatabaseClient, DataBufferUtils) known to return a
	 * publisher.
	 */
	static final Set<String> LIBRARY_PUBLISHERS = Set.of("bodyToMono", "bodyToFlux", "one", "all", "first",
			"rowsUpdated", "then", "join");

	static final Set<String> PUBLISHER_TYPES = Set.of("Mono", "Flux", "Publisher", "ParallelFlux");

	private static final Set<String> OBJECT_METHODS = Arrays.stream(Object.class.getMethods())
		.map(Method::getName)
		.collect(Collectors.toSet());

	/** Every public method name of Mono and Flux. */
	static final Set<String> OPERATORS = Stream.of(Mono.class, Flux.class)
		.flatMap((type) -> Arrays.stream(type.getMethods()))
		.filter((method) -> Modifier.isPublic(method.getModifiers()))
		.map(Method::getName)
		.filter((name) -> !OBJECT_METHODS.contains(name))
		.collect(Collectors.toCollection(TreeSet::new));

	/** The operator names of which some overload returns a publisher. */
	static final Set<String> RETURNS_PUBLISHER = Stream
		.concat(Stream.of(Mono.class, Flux.class)
			.flatMap((type) -> Arrays.stream(type.getMethods()))
			.filter((method) -> Publisher.class.isAssignableFrom(method.getReturnType()))
			.map(Method::getName), Stream.of("as", "transform"))
		.collect(Collectors.toCollection(TreeSet::new));

	private final Map<String, TypeDeclaration<?>> types = new HashMap<>();

	/**
	 * @param files the app's sources, whose method declarations the inference reads
	 */
	ReactorOperators(Collection<SourceFile> files) {
		for (SourceFile file : files) {
			for (TypeDeclaration<?> type : file.unit().findAll(TypeDeclaration.class)) {
				this.types.putIfAbsent(type.getNameAsString(), type);
			}
		}
	}

	boolean isOperatorCall(MethodCallExpr call) {
		if (!OPERATORS.contains(call.getNameAsString()) || call.getScope().isEmpty()) {
			return false;
		}
		Expression scope = call.getScope().get();
		return isReactorClass(scope) || isPublisher(typeOf(scope));
	}

	/**
	 * The simple name of an expression's static type, when the local inference knows it
	 * (for {@link Constructs}: the declared type of a receiver).
	 */
	String declaredType(Expression expression) {
		return typeOf(expression);
	}

	private static boolean isReactorClass(Expression scope) {
		return scope instanceof NameExpr name
				&& (name.getNameAsString().equals("Mono") || name.getNameAsString().equals("Flux"));
	}

	private static boolean isPublisher(String type) {
		return type != null && PUBLISHER_TYPES.contains(type);
	}

	/** The simple name of an expression's static type, when the inference knows it. */
	private String typeOf(Expression expression) {
		return switch (expression) {
			case EnclosedExpr enclosed -> typeOf(enclosed.getInner());
			case CastExpr cast -> simpleName(cast.getType());
			case ConditionalExpr conditional -> {
				String then = typeOf(conditional.getThenExpr());
				yield isPublisher(then) ? then : typeOf(conditional.getElseExpr());
			}
			case NameExpr name -> variableType(name, name.getNameAsString());
			case FieldAccessExpr field when field.getScope() instanceof ThisExpr ->
				fieldType(field, field.getNameAsString());
			case ObjectCreationExpr creation -> simpleName(creation.getType());
			case MethodCallExpr call -> returnType(call);
			default -> null;
		};
	}

	private String returnType(MethodCallExpr call) {
		String name = call.getNameAsString();
		if (call.getScope().isEmpty() || call.getScope().get() instanceof ThisExpr) {
			return methodReturn(enclosingTypes(call), name);
		}
		Expression scope = call.getScope().get();
		if (isReactorClass(scope)) {
			return RETURNS_PUBLISHER.contains(name) ? "Publisher" : null;
		}
		if (scope instanceof NameExpr type && this.types.containsKey(type.getNameAsString())
				&& variableType(type, type.getNameAsString()) == null) {
			return methodReturn(List.of(this.types.get(type.getNameAsString())), name);
		}
		String scopeType = typeOf(scope);
		if (isPublisher(scopeType)) {
			return RETURNS_PUBLISHER.contains(name) ? "Publisher" : null;
		}
		if (scopeType != null && this.types.containsKey(scopeType)) {
			return methodReturn(List.of(this.types.get(scopeType)), name);
		}
		return LIBRARY_PUBLISHERS.contains(name) ? "Publisher" : null;
	}

	private static String methodReturn(List<TypeDeclaration<?>> types, String name) {
		for (TypeDeclaration<?> type : types) {
			List<MethodDeclaration> methods = type.getMethodsByName(name);
			if (!methods.isEmpty()) {
				List<String> returns = methods.stream().map((method) -> simpleName(method.getType())).toList();
				return returns.stream().filter(ReactorOperators::isPublisher).findFirst().orElse(returns.get(0));
			}
		}
		return null;
	}

	/** A local, parameter (of a method or an explicitly typed lambda) or field. */
	private String variableType(Node use, String name) {
		for (Node node = use.getParentNode().orElse(null); node != null; node = node.getParentNode().orElse(null)) {
			if (node instanceof LambdaExpr lambda) {
				Optional<Parameter> parameter = lambda.getParameters()
					.stream()
					.filter((candidate) -> candidate.getNameAsString().equals(name))
					.findFirst();
				if (parameter.isPresent()) {
					Type type = parameter.get().getType();
					return (type instanceof UnknownType) ? null : simpleName(type);
				}
			}
			if (node instanceof CallableDeclaration<?> callable) {
				List<Type> declared = new ArrayList<>();
				callable.getParameters()
					.stream()
					.filter((parameter) -> parameter.getNameAsString().equals(name))
					.forEach((parameter) -> declared.add(parameter.getType()));
				callable.findAll(VariableDeclarator.class)
					.stream()
					.filter((variable) -> variable.getNameAsString().equals(name))
					.forEach((variable) -> declared.add(variableTypeOf(variable)));
				if (!declared.isEmpty()) {
					return (declared.get(0) != null) ? simpleName(declared.get(0)) : null;
				}
				return fieldType(callable, name);
			}
		}
		return fieldType(use, name);
	}

	private Type variableTypeOf(VariableDeclarator variable) {
		if (variable.getType() instanceof VarType) {
			return variable.getInitializer()
				.map(this::typeOf)
				.map((type) -> (Type) new ClassOrInterfaceType(null, type))
				.orElse(null);
		}
		return variable.getType();
	}

	private static String fieldType(Node use, String name) {
		for (TypeDeclaration<?> type : enclosingTypes(use)) {
			Optional<FieldDeclaration> field = type.getFieldByName(name);
			if (field.isPresent()) {
				return simpleName(field.get().getVariable(0).getType());
			}
		}
		return null;
	}

	private static List<TypeDeclaration<?>> enclosingTypes(Node node) {
		List<TypeDeclaration<?>> types = new ArrayList<>();
		for (Node current = node; current != null; current = current.getParentNode().orElse(null)) {
			if (current instanceof TypeDeclaration<?> type) {
				types.add(type);
			}
		}
		return types;
	}

	private static String simpleName(Type type) {
		if (type instanceof ClassOrInterfaceType classType) {
			return classType.getNameAsString();
		}
		return type.asString();
	}

}
