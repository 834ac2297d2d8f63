package dev.rvl.reactive.web;

import java.util.List;
import java.util.Map;

import dev.rvl.domain.admission.Admission;
import dev.rvl.domain.admission.Admission.Decision;
import dev.rvl.domain.admission.Admission.Refused;
import dev.rvl.domain.admission.Admission.Ticket;
import dev.rvl.domain.admission.QueueBudget;
import dev.rvl.web.ProblemResponses;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.RequestPath;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Admission control for {@code /api/**} ({@link Admission}): {@code POST /api/orders}
 * under the adaptive limit and the memory guard, every other request under the memory
 * guard alone; beyond them, answer 503 {@code overloaded} at once instead of queuing. A
 * bulk request counts as one until its last result is written. When the answer is
 * written, its status tells the adaptive limit what the order's latency meant; a client
 * that goes away cancels the pipeline, and with it the order's queries and partner calls.
 * <p>
 * On Reactor Netty the decision is taken earlier, at the door ({@link AdmissionHandler}):
 * a refused request never reaches this filter, an admitted one brings its ticket. This
 * filter decides what the door passed on undecided (a pipelined request).
 */
@Component
class AdmissionFilter implements WebFilter {

	private final Admission admission;

	private final JsonMapper json;

	AdmissionFilter(Admission admission, JsonMapper json) {
		this.admission = admission;
		this.json = json;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		Ticket admittedAtTheDoor = AdmissionHandler.takeTicket(exchange.getRequest());
		if (admittedAtTheDoor != null) {
			return admitted(exchange, chain, admittedAtTheDoor);
		}
		if (!isApi(exchange.getRequest().getPath())) {
			return chain.filter(exchange);
		}
		return switch (admit(exchange.getRequest())) {
			case Ticket ticket -> admitted(exchange, chain, ticket);
			case Refused refused -> refuse(exchange.getResponse(), refused);
		};
	}

	/**
	 * Whether the path is routed under {@code /api/}: its first segment decoded and
	 * without parameters (/%61pi/ and /api;v=1/ are /api/ too), not the raw path.
	 */
	static boolean isApi(RequestPath path) {
		List<PathContainer.Element> elements = path.pathWithinApplication().elements();
		return elements.size() > 2 && elements.get(1) instanceof PathContainer.PathSegment segment
				&& "api".equals(segment.valueToMatch());
	}

	private Decision admit(ServerHttpRequest request) {
		boolean order = request.getMethod() == HttpMethod.POST && request.getPath().value().equals("/api/orders");
		return order ? this.admission.admitOrder() : this.admission.admit();
	}

	private Mono<Void> admitted(ServerWebExchange exchange, WebFilterChain chain, Ticket ticket) {
		exchange.getAttributes().put(QueueBudget.ATTRIBUTE, ticket.queueBudget());
		return chain.filter(exchange).doFinally((signal) -> complete(ticket, signal, exchange.getResponse()));
	}

	private static void complete(Ticket ticket, SignalType signal, ServerHttpResponse response) {
		HttpStatusCode status = response.getStatusCode();
		if (signal == SignalType.ON_COMPLETE && status != null) {
			ticket.completed(status.value());
		}
		else {
			ticket.abandoned();
		}
	}

	private Mono<Void> refuse(ServerHttpResponse response, Refused refused) {
		ResponseEntity<Map<String, Object>> problem = ProblemResponses.of(refused.problem());
		response.setStatusCode(problem.getStatusCode());
		response.getHeaders().addAll(problem.getHeaders());
		return response.writeWith(
				Mono.fromCallable(() -> response.bufferFactory().wrap(this.json.writeValueAsBytes(problem.getBody()))));
	}

}
