package dev.rvl.loom.config;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import jakarta.servlet.ServletException;
import org.apache.catalina.AccessLog;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The request log, switched on with {@code access-log.enabled=true} (off by default and
 * in benchmark runs): one line per request on the {@code access-log} logger, in the
 * reactive app's format, {@code <client ip> "<request line>" <status> <body bytes>
 * <milliseconds>}, written by a Tomcat access-log valve.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("access-log.enabled")
class AccessLogConfiguration {

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> accessLog() {
		return (factory) -> factory.addEngineValves(new LoggingAccessLogValve());
	}

	/**
	 * Formats each request itself rather than through a pattern: Tomcat's {@code %B}
	 * counts the chunk framing of a chunked answer, the reactive app counts body bytes.
	 */
	static final class LoggingAccessLogValve extends ValveBase implements AccessLog {

		private static final Log logger = LogFactory.getLog("access-log");

		private boolean requestAttributesEnabled;

		LoggingAccessLogValve() {
			super(true);
		}

		@Override
		public void invoke(Request request, Response response) throws IOException, ServletException {
			getNext().invoke(request, response);
		}

		@Override
		public void log(Request request, Response response, long time) {
			long millis = TimeUnit.NANOSECONDS
				.toMillis(System.nanoTime() - request.getCoyoteRequest().getStartTimeNanos());
			String query = request.getQueryString();
			logger.info(request.getRemoteAddr() + " \"" + request.getMethod() + " " + request.getRequestURI()
					+ ((query != null) ? "?" + query : "") + " " + request.getProtocol() + "\" " + response.getStatus()
					+ " " + response.getContentWritten() + " " + millis);
		}

		@Override
		public void setRequestAttributesEnabled(boolean requestAttributesEnabled) {
			this.requestAttributesEnabled = requestAttributesEnabled;
		}

		@Override
		public boolean getRequestAttributesEnabled() {
			return this.requestAttributesEnabled;
		}

	}

}
