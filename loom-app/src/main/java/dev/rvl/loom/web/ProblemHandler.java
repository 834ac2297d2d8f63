package dev.rvl.loom.web;

import java.util.Map;

import dev.rvl.web.ProblemResponses;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Maps every failure to the shared problem catalogue (RFC 9457).
 */
@RestControllerAdvice
class ProblemHandler {

	@ExceptionHandler(Throwable.class)
	ResponseEntity<Map<String, Object>> problem(Throwable ex) {
		return ProblemResponses.of(ex);
	}

}
