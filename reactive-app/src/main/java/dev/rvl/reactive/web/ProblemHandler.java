package dev.rvl.reactive.web;

import java.util.Map;

import dev.rvl.domain.order.Limits;
import dev.rvl.domain.problem.Problems;
import dev.rvl.web.ProblemResponses;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.timeout.ReadTimeoutException;

import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Maps every failure to the shared problem catalogue (RFC 9457).
 */
@RestControllerAdvice
class ProblemHandler {

	@ExceptionHandler(DataBufferLimitException.class)
	ResponseEntity<Map<String, Object>> tooLarge(DataBufferLimitException ex) {
		return ProblemResponses.of(Problems.payloadTooLarge(Limits.MAX_BODY_BYTES));
	}

	/**
	 * A request body that stopped arriving (Reactor Netty's read timeout) or could not be
	 * decoded (a malformed chunk, see {@code NettyConfiguration}), single or bulk: what
	 * Tomcat answers 408 or 400 in the Loom app, and its valve maps to the same problem.
	 */
	@ExceptionHandler({ ReadTimeoutException.class, DecoderException.class })
	ResponseEntity<Map<String, Object>> incompleteBody(Exception ex) {
		return ProblemResponses.of(Problems.incompleteBody());
	}

	/**
	 * Every other failure, unless nobody can hear the answer: WebFlux hands this handler
	 * the failures of writing an answer too, and a client that went away as its order was
	 * answered (its 201 already committed) got a 500 problem written over it, which
	 * failed on the committed headers and was logged at ERROR. Such a failure goes back
	 * to Spring's server adapter, which logs a client gone at DEBUG.
	 */
	@ExceptionHandler(Throwable.class)
	ResponseEntity<Map<String, Object>> problem(Throwable ex, ServerHttpResponse response) throws Throwable {
		if (response.isCommitted() || DisconnectedClientHelper.isClientDisconnectedException(ex)) {
			throw ex;
		}
		return ProblemResponses.of(ex);
	}

}
