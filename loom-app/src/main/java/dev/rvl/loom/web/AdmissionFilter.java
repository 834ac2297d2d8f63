package dev.rvl.loom.web;

import java.io.IOException;
import java.util.Map;

import dev.rvl.domain.admission.AdmissionLimit;
import dev.rvl.domain.problem.Problems;
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
 * Admission control for {@code /api/**}: beyond {@code orders.max-in-flight} requests in
 * flight, answer 503 {@code overloaded} at once instead of queuing. A bulk request counts
 * as one until its last result is written.
 */
@Component
class AdmissionFilter extends OncePerRequestFilter {

	private final AdmissionLimit limit;

	private final JsonMapper json;

	AdmissionFilter(AdmissionLimit limit, JsonMapper json) {
		this.limit = limit;
		this.json = json;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		// The decoded, normalized path the request is routed by (/%61pi/ and /api;v=1/
		// are
		// /api/ too), not the raw request URI.
		return !request.getServletPath().startsWith("/api/");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (!this.limit.tryAcquire()) {
			refuse(response);
			return;
		}
		try {
			chain.doFilter(request, response);
		}
		finally {
			this.limit.release();
		}
	}

	private void refuse(HttpServletResponse response) throws IOException {
		ResponseEntity<Map<String, Object>> problem = ProblemResponses
			.of(Problems.overloaded("More than " + this.limit.max() + " requests are in flight; retry later")
				.problem());
		response.setStatus(problem.getStatusCode().value());
		problem.getHeaders().forEach((name, values) -> values.forEach((value) -> response.addHeader(name, value)));
		response.getOutputStream().write(this.json.writeValueAsBytes(problem.getBody()));
	}

}
