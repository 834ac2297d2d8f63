package dev.rvl.partner;

import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Serves {@code /admin/faults}: read, replace and reset the injected {@link Faults}.
 */
@Component
class FaultHandler {

	private static final String FIELDS = "addedLatencyMs, errorRate, errorStatus, hangRate, emptyBodyRate, brokenBodyRate";

	private final FaultSettings settings;

	/**
	 * Strict on purpose: a typo in a fault setting is a 400, not a silently ignored
	 * field.
	 */
	private final JsonMapper strictJson;

	FaultHandler(FaultSettings settings, JsonMapper jsonMapper) {
		this.settings = settings;
		this.strictJson = jsonMapper.rebuild()
			.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
			.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
			.disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
			.build();
	}

	Mono<ServerResponse> current(ServerRequest request) {
		return json(this.settings.current());
	}

	Mono<ServerResponse> replace(ServerRequest request) {
		return request.bodyToMono(String.class)
			.switchIfEmpty(Mono.error(() -> new BadRequestException("body must be a JSON object with " + FIELDS)))
			.map(this::parse)
			.map(this.settings::replace)
			.flatMap(FaultHandler::json);
	}

	Mono<ServerResponse> reset(ServerRequest request) {
		this.settings.reset();
		return ServerResponse.noContent().build();
	}

	private Faults parse(String body) {
		FaultRequest request;
		try {
			request = this.strictJson.readValue(body, FaultRequest.class);
		}
		catch (UnrecognizedPropertyException ex) {
			throw new BadRequestException("unknown field \"" + ex.getPropertyName() + "\", expected " + FIELDS);
		}
		catch (JacksonException ex) {
			throw new BadRequestException("malformed fault setting: " + ex.getOriginalMessage());
		}
		if (request == null) {
			throw new BadRequestException("body must be a JSON object with " + FIELDS);
		}
		try {
			return request.toFaults();
		}
		catch (IllegalArgumentException ex) {
			throw new BadRequestException(ex.getMessage());
		}
	}

	private static Mono<ServerResponse> json(Faults faults) {
		return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(faults);
	}

	/**
	 * Body of {@code PUT /admin/faults}: every field optional, an absent one takes its
	 * value from {@link Faults#NONE}.
	 */
	record FaultRequest(Long addedLatencyMs, Double errorRate, Integer errorStatus, Double hangRate,
			Double emptyBodyRate, Double brokenBodyRate) {

		Faults toFaults() {
			Faults none = Faults.NONE;
			return new Faults((this.addedLatencyMs != null) ? this.addedLatencyMs : none.addedLatencyMs(),
					(this.errorRate != null) ? this.errorRate : none.errorRate(),
					(this.errorStatus != null) ? this.errorStatus : none.errorStatus(),
					(this.hangRate != null) ? this.hangRate : none.hangRate(),
					(this.emptyBodyRate != null) ? this.emptyBodyRate : none.emptyBodyRate(),
					(this.brokenBodyRate != null) ? this.brokenBodyRate : none.brokenBodyRate());
		}

	}

}
