package dev.rvl.loom.web;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.rvl.domain.problem.Problem;
import dev.rvl.domain.problem.Problems;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.AbstractProtocol;
import org.apache.coyote.ActionCode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpHeaders;

/**
 * Tomcat answers some bad requests itself, before Spring sees them (an encoded {@code /}
 * or {@code \} in the path, a malformed request line), or while the app reads them (a
 * request body whose read timed out or could not be decoded): this valve makes those
 * answers RFC 9457 problems too, instead of Tomcat's HTML error page, and refuses a
 * request SIGTERM caught while Tomcat read its request line as a 503 (Tomcat would have
 * answered it 400, see {@link #caughtByThePause}). It is the app's only error page:
 * Spring Boot's ({@code ErrorMvcAutoConfiguration}, excluded by {@code LoomApplication})
 * would render its own JSON, not a problem.
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
		Problem problem = caughtByThePause(request) ? Problems.shuttingDown() : problem(status, throwable);
		response.setStatus(problem.status());
		try {
			byte[] body = JSON.writeValueAsBytes(problem.body());
			response.setContentType("application/problem+json");
			problem.retryAfterSeconds()
				.ifPresent((seconds) -> response.setHeader(HttpHeaders.RETRY_AFTER, seconds.toString()));
			// With its length a client has the whole answer at once; without one it ends
			// when the connection closes, which after a body that stopped arriving Tomcat
			// does one more timeout later (it tries to read the rest first).
			response.setContentLength(body.length);
			response.getOutputStream().write(body);
			response.finishResponse();
		}
		catch (IOException | IllegalStateException ex) {
			// the client is gone or the response is committed: nothing left to say
		}
	}

	/**
	 * Whether Tomcat stopped at the request line because the connector paused (SIGTERM's
	 * graceful shutdown) while it read it. Tomcat checks for the pause before it reads a
	 * request line and again after it; a pause landing between the two leaves the headers
	 * unread and the request handed here anyway, its 503 overwritten by a 400 for the
	 * Host header Tomcat never read ({@code Http11Processor.service}, then
	 * {@code prepareRequest}; Tomcat 11.0.22). That request is refused, not malformed.
	 */
	static boolean caughtByThePause(Request request) {
		return request.getCoyoteRequest().getMimeHeaders().size() == 0
				&& request.getConnector().getProtocolHandler() instanceof AbstractProtocol<?> protocol
				&& protocol.isPaused();
	}

	/**
	 * The catalogue's problem for a status Tomcat set itself, with the status the
	 * catalogue gives it: the body's {@code status} is always the response's.
	 */
	static Problem problem(int status, Throwable throwable) {
		if (status == HttpServletResponse.SC_REQUEST_TIMEOUT
				|| (status == HttpServletResponse.SC_BAD_REQUEST && throwable instanceof IOException)) {
			// A body read failed and Tomcat answered it itself (InputBuffer):
			// 408 when the body stopped arriving, 400 when it could not be
			// decoded (a bad chunk). The catalogue calls both a malformed
			// body, as the reactive app answers them.
			return Problems.incompleteBody().problem();
		}
		if (status == HttpServletResponse.SC_NOT_IMPLEMENTED) {
			// A transfer coding Tomcat does not support: a body it cannot read, which
			// Reactor Netty fails on as well.
			return Problems.framework(HttpServletResponse.SC_BAD_REQUEST);
		}
		Problem problem = Problems.framework(status);
		if (status == HttpServletResponse.SC_BAD_REQUEST || status == HttpServletResponse.SC_HTTP_VERSION_NOT_SUPPORTED
				|| (status < 500 && problem.status() != status)) {
			// A request Tomcat refused for its request line or headers, with
			// no exception: an encoded / or \ in the path, a target that is
			// no URI, an HTTP version (505) or an expectation (417) it does
			// not support.
			return Problems.invalidHttpRequest();
		}
		return problem;
	}

}
