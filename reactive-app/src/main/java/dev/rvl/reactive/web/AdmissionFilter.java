package dev.rvl.reactive.web;

import java.util.List;
import java.util.Map;

import dev.rvl.domain.admission.AdmissionLimit;
import dev.rvl.domain.problem.Problems;
import dev.rvl.web.ProblemResponses;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.ResponseEntity;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.RequestPath;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Admission control for {@code /api/**}: beyond {@code orders.max-in-flight} requests in
 * flight, answer 503 {@code overloaded} at once instead of queuing. A bulk request counts
 * as one until its last result is written.
 */
@Component
class AdmissionFilter implements WebFilter {

	private final AdmissionLimit limit;

	private final JsonMapper json;

	AdmissionFilter(AdmissionLimit limit, JsonMapper json) {
		this.limit = limit;
		this.json = json;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		if (!isApi(exchange.getRequest().getPath())) {
			return chain.filter(exchange);
		}
		if (!this.limit.tryAcquire()) {
			return refuse(exchange.getResponse());
		}
		return chain.filter(exchange).doFinally((signal) -> this.limit.release());
	}

	/**
	 * Whether the path is routed under {@code /api/}: its first segment decoded and
	 * without parameters (/%61pi/ and /api;v=1/ are /api/ too), not the raw path.
	 */
	private static boolean isApi(RequestPath path) {
		List<PathContainer.Element> elements = path.pathWithinApplication().elements();
		return elements.size() > 2 && elements.get(1) instanceof PathContainer.PathSegment segment
				&& "api".equals(segment.valueToMatch());
	}

	private Mono<Void> refuse(ServerHttpResponse response) {
		ResponseEntity<Map<String, Object>> problem = ProblemResponses
			.of(Problems.overloaded("More than " + this.limit.max() + " requests are in flight; retry later")
				.problem());
		response.setStatusCode(problem.getStatusCode());
		response.getHeaders().addAll(problem.getHeaders());
		return response.writeWith(
				Mono.fromCallable(() -> response.bufferFactory().wrap(this.json.writeValueAsBytes(problem.getBody()))));
	}

}
