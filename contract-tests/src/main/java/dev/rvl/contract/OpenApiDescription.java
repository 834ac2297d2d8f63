package dev.rvl.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;

/**
 * The OpenAPI description both apps serve ({@code META-INF/resources/openapi.yaml} of
 * shared-domain), read by a real validator (Atlassian's swagger-request-validator): every
 * answer the contract suite receives is checked against it (status documented for the
 * operation, content type, body schema), and requests can be checked too, so that a test
 * can show the description and the app's validator agree.
 */
public final class OpenApiDescription {

	/** Where both apps serve it, and where it lives on the class path. */
	public static final String RESOURCE = "META-INF/resources/openapi.yaml";

	private static final OpenApiDescription SHARED = new OpenApiDescription(read());

	private final OpenApiInteractionValidator responses;

	private final OpenApiInteractionValidator requests;

	private final OpenAPI api;

	private final SchemaValidator schemas;

	private OpenApiDescription(String yaml) {
		this.api = Objects.requireNonNull(new OpenAPIV3Parser().readContents(yaml).getOpenAPI(), "openapi.yaml");
		// Answers to undocumented paths or methods (unknown routes, 405) have no
		// operation to be checked against; the suite sends such requests on purpose.
		this.responses = OpenApiInteractionValidator.createForInlineApiSpecification(yaml)
			.withLevelResolver(LevelResolver.create()
				.withLevel("validation.request", ValidationReport.Level.IGNORE)
				.withLevel("validation.response.header.missing", ValidationReport.Level.ERROR)
				.build())
			.build();
		this.requests = OpenApiInteractionValidator.createForInlineApiSpecification(yaml)
			.withLevelResolver(LevelResolver.create()
				.withLevel("validation.response", ValidationReport.Level.IGNORE)
				.withLevel("validation.request.path.missing", ValidationReport.Level.ERROR)
				// The description says unknown query parameters are ignored.
				.withLevel("validation.request.parameter.query.unexpected", ValidationReport.Level.IGNORE)
				.build())
			.build();
		this.schemas = new SchemaValidator(this.api, new MessageResolver());
	}

	/** The description the apps serve. */
	public static OpenApiDescription shared() {
		return SHARED;
	}

	/** The description's text, as both apps serve it. */
	public static String read() {
		try (InputStream yaml = OpenApiDescription.class.getClassLoader().getResourceAsStream(RESOURCE)) {
			if (yaml == null) {
				throw new IllegalStateException(RESOURCE + " is not on the class path");
			}
			return new String(yaml.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * What is wrong with an answer to {@code method} on {@code uri}, by the description;
	 * empty when it conforms or the request has no documented operation.
	 */
	public List<String> responseViolations(String method, URI uri, int status, Map<String, List<String>> headers,
			String body) {
		SimpleResponse.Builder response = SimpleResponse.Builder.status(status);
		headers.forEach((name, values) -> response.withHeader(name, values));
		// NDJSON is not one JSON document: its lines are checked one by one
		// (Api#bulkResult), and no line at all is an empty stream.
		boolean ndjson = headers.entrySet()
			.stream()
			.anyMatch((header) -> header.getKey().equalsIgnoreCase("Content-Type")
					&& header.getValue().stream().anyMatch((value) -> value.startsWith("application/x-ndjson")));
		if (body != null && !body.isEmpty() && !ndjson) {
			response.withBody(body);
		}
		ValidationReport report = this.responses.validateResponse(uri.getRawPath(), Request.Method.valueOf(method),
				response.build());
		return messages(report).stream()
			.filter((message) -> !(ndjson && message.startsWith("validation.response.body.missing")))
			.toList();
	}

	/**
	 * What is wrong with a request, by the description: empty when the description allows
	 * it.
	 */
	public List<String> requestViolations(String method, String pathAndQuery, Map<String, String> headers,
			String body) {
		URI uri = URI.create(pathAndQuery);
		SimpleRequest.Builder request = new SimpleRequest.Builder(method, uri.getRawPath());
		if (uri.getRawQuery() != null) {
			for (String pair : uri.getRawQuery().split("&")) {
				int equals = pair.indexOf('=');
				request.withQueryParam((equals < 0) ? pair : pair.substring(0, equals),
						(equals < 0) ? "" : pair.substring(equals + 1));
			}
		}
		headers.forEach(request::withHeader);
		if (body != null) {
			request.withBody(body);
		}
		return messages(this.requests.validateRequest(request.build()));
	}

	/** What is wrong with a JSON value as an instance of a named component schema. */
	public List<String> schemaViolations(String schemaName, String json) {
		Schema<?> schema = this.api.getComponents().getSchemas().get(schemaName);
		if (schema == null) {
			throw new IllegalArgumentException("No schema " + schemaName);
		}
		return messages(this.schemas.validate(json, schema, "schema"));
	}

	private static List<String> messages(ValidationReport report) {
		return report.getMessages()
			.stream()
			.filter((message) -> message.getLevel() == ValidationReport.Level.ERROR)
			.map((message) -> message.getKey() + ": " + message.getMessage())
			.toList();
	}

}
