package dev.rvl.web;

import java.util.Map;

import dev.rvl.domain.problem.Problem;
import dev.rvl.domain.problem.ProblemException;
import dev.rvl.domain.problem.ProblemKind;
import dev.rvl.domain.problem.Problems;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponse;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Turns any failure into the documented RFC 9457 answer, the same way in both apps.
 */
public final class ProblemResponses {

	private static final Log logger = LogFactory.getLog(ProblemResponses.class);

	private ProblemResponses() {
	}

	/**
	 * The problem for a failure: the problem a {@link ProblemException} carries; the
	 * framework's own errors (unknown route, wrong method or media type, ...) by their
	 * status; the database being unreachable or its pool exhausted as {@code overloaded};
	 * anything else {@code internal}, without any detail of the cause.
	 */
	public static Problem problemOf(Throwable failure) {
		return switch (failure) {
			case ProblemException problem -> problem.problem();
			case ErrorResponse error -> Problems.framework(error.getStatusCode().value());
			case DataAccessResourceFailureException ex ->
				Problems.overloaded("The database is unavailable or no connection was free in time; retry later")
					.problem();
			case CannotCreateTransactionException ex ->
				Problems.overloaded("No database connection was free in time; retry later").problem();
			case TransientDataAccessException ex -> Problems.overloaded("The database is busy; retry later").problem();
			default -> Problems.internal();
		};
	}

	/**
	 * The HTTP answer for a failure, logging partner problems and the unexpected
	 * failures.
	 */
	public static ResponseEntity<Map<String, Object>> of(Throwable failure) {
		Problem problem = problemOf(failure);
		log(problem, failure);
		ResponseEntity<Map<String, Object>> response = of(problem);
		if (failure instanceof ErrorResponse error && !error.getHeaders().isEmpty()) {
			HttpHeaders headers = new HttpHeaders();
			headers.addAll(response.getHeaders());
			headers.addAll(error.getHeaders());
			return new ResponseEntity<>(response.getBody(), headers, response.getStatusCode());
		}
		return response;
	}

	/**
	 * Logs a failure nobody will be answered (its client went away while the work ran to
	 * its end) as {@link #of(Throwable)} logs one that is answered: an unexpected failure
	 * at ERROR, a refused order not at all.
	 */
	public static void logUnanswered(Throwable failure) {
		log(problemOf(failure), failure);
	}

	private static void log(Problem problem, Throwable failure) {
		if (problem.kind() == ProblemKind.PARTNER_TIMEOUT || problem.kind() == ProblemKind.PARTNER_UNAVAILABLE) {
			logger.warn(partnerProblem(problem, failure));
		}
		if (problem.status() == 500) {
			if (DisconnectedClientHelper.isClientDisconnectedException(failure)) {
				// Tomcat's ClientAbortException, Reactor Netty's AbortedException, ...
				logger.debug("The client went away", failure);
			}
			else {
				logger.error("Unexpected failure", failure);
			}
		}
	}

	/**
	 * One line for a partner problem, as on-call reads it: what the client was answered,
	 * which partner call failed (the detail names it) and the first cause, without a
	 * stack trace; with the {@code tracing} profile the line carries the request's trace
	 * id.
	 */
	static String partnerProblem(Problem problem, Throwable failure) {
		StringBuilder line = new StringBuilder().append(problem.kind().slug())
			.append(" (")
			.append(problem.status())
			.append("): ")
			.append(problem.detail());
		Throwable cause = failure.getCause();
		if (cause != null) {
			line.append("; cause: ").append(cause.getClass().getName());
			if (cause.getMessage() != null) {
				line.append(": ").append(cause.getMessage());
			}
		}
		return line.toString();
	}

	/**
	 * The HTTP answer for a problem: its status, {@code application/problem+json}, the
	 * body.
	 */
	public static ResponseEntity<Map<String, Object>> of(Problem problem) {
		ResponseEntity.BodyBuilder response = ResponseEntity.status(problem.status())
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		problem.retryAfterSeconds()
			.ifPresent((seconds) -> response.header(HttpHeaders.RETRY_AFTER, seconds.toString()));
		return response.body(problem.body());
	}

}
