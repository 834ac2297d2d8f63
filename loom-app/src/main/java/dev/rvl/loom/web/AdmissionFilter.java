package dev.rvl.loom.web;

import java.io.IOException;
import java.util.Map;

import dev.rvl.domain.admission.Admission;
import dev.rvl.domain.admission.Admission.Decision;
import dev.rvl.domain.admission.Admission.Refused;
import dev.rvl.domain.admission.Admission.Ticket;
import dev.rvl.domain.admission.QueueBudget;
import dev.rvl.web.ProblemResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Admission control for {@code /api/**} ({@link Admission}): {@code POST /api/orders}
 * under the adaptive limit and the memory guard, every other request under the memory
 * guard alone; beyond them, answer 503 {@code overloaded} at once instead of queuing. A
 * bulk request counts as one until its last result is written. When the answer is
 * written, its status tells the adaptive limit what the order's latency meant. A client
 * that goes away is noticed only when the answer is written: a blocked thread is not
 * interrupted by Tomcat, so the order runs to its end (bounded by the partner deadline
 * and the pool's acquire timeout).
 */
@Component
class AdmissionFilter extends OncePerRequestFilter {

	private final Admission admission;

	private final JsonMapper json;

	AdmissionFilter(Admission admission, JsonMapper json) {
		this.admission = admission;
		this.json = json;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		// The decoded, normalized path the request is routed by (/%61pi/ and /api;v=1/
		// are /api/ too), not the raw request URI.
		return !request.getServletPath().startsWith("/api/");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		switch (admit(request)) {
			case Ticket ticket -> admitted(request, response, chain, ticket);
			case Refused refused -> refuse(response, refused);
		}
	}

	private Decision admit(HttpServletRequest request) {
		boolean order = "POST".equals(request.getMethod()) && request.getRequestURI().equals("/api/orders");
		return order ? this.admission.admitOrder() : this.admission.admit();
	}

	private void admitted(HttpServletRequest request, HttpServletResponse response, FilterChain chain, Ticket ticket)
			throws ServletException, IOException {
		request.setAttribute(QueueBudget.ATTRIBUTE, ticket.queueBudget());
		boolean answered = false;
		try {
			chain.doFilter(request, response);
			answered = true;
		}
		finally {
			complete(ticket, answered, response);
		}
	}

	private static void complete(Ticket ticket, boolean answered, HttpServletResponse response) {
		if (answered) {
			ticket.completed(response.getStatus());
		}
		else {
			ticket.abandoned();
		}
	}

	private void refuse(HttpServletResponse response, Refused refused) throws IOException {
		ResponseEntity<Map<String, Object>> problem = ProblemResponses.of(refused.problem());
		response.setStatus(problem.getStatusCode().value());
		problem.getHeaders().forEach((name, values) -> values.forEach((value) -> response.addHeader(name, value)));
		response.getOutputStream().write(this.json.writeValueAsBytes(problem.getBody()));
	}

}
