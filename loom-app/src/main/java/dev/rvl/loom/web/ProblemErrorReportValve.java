package dev.rvl.loom.web;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.rvl.domain.problem.Problem;
import dev.rvl.domain.problem.Problems;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat answers some bad requests itself, before Spring sees them (an encoded {@code /}
 * or {@code \} in the path, a malformed request line): this valve makes those answers RFC
 * 9457 problems too, instead of Tomcat's HTML error page.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		int status = response.getStatus();
		if (status < 400 || response.getContentWritten() > 0) {
			return;
		}
		AtomicBoolean ioAllowed = new AtomicBoolean(true);
		response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
		if (!ioAllowed.get()) {
			return;
		}
		// Tomcat rejects a request itself for its request line or headers (an encoded /
		// or \ in the path, say), never for its body.
		Problem problem = (status == 400) ? Problems.invalidHttpRequest() : Problems.framework(status);
		try {
			response.setContentType("application/problem+json");
			response.getOutputStream().write(JSON.writeValueAsBytes(problem.body()));
			response.finishResponse();
		}
		catch (IOException | IllegalStateException ex) {
			// the client is gone or the response is committed: nothing left to say
		}
	}

}
