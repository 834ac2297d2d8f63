package dev.rvl.reactive.config;

import java.net.InetSocketAddress;
import java.net.SocketAddress;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.netty.http.server.logging.AccessLog;
import reactor.netty.http.server.logging.AccessLogArgProvider;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The request log, switched on with {@code access-log.enabled=true} (off by default and
 * in benchmark runs): one line per request on the {@code access-log} logger, in the Loom
 * app's format, {@code <client ip> "<request line>" <status> <body bytes>
 * <milliseconds>}, written by Reactor Netty's access log - and, for the requests refused
 * at the door before Reactor Netty's handler sees them ({@code AdmissionHandler}), by
 * {@link #log}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("access-log.enabled")
class AccessLogConfiguration {

	@Bean
	NettyServerCustomizer accessLog() {
		return (server) -> server.accessLog(true, (request) -> new Line(format(request)));
	}

	static String format(AccessLogArgProvider request) {
		return format(request.remoteAddress(), request.method(), request.uri(), request.protocol(), request.status(),
				request.contentLength(), request.duration());
	}

	/** Logs one line for a request answered outside Reactor Netty's access log. */
	static void log(SocketAddress client, CharSequence method, CharSequence uri, String protocol, int status,
			long bodyBytes, long millis) {
		Line.logger.info(format(client, method, uri, protocol, Integer.toString(status), bodyBytes, millis));
	}

	private static String format(SocketAddress client, CharSequence method, CharSequence uri, String protocol,
			CharSequence status, long bodyBytes, long millis) {
		return address(client) + " \"" + method + " " + uri + " " + protocol + "\" " + status + " "
				+ Math.max(0, bodyBytes) + " " + millis;
	}

	private static String address(SocketAddress address) {
		return (address instanceof InetSocketAddress inet && inet.getAddress() != null)
				? inet.getAddress().getHostAddress() : String.valueOf(address);
	}

	/** One formatted line for the {@code access-log} logger. */
	static final class Line extends AccessLog {

		private static final Log logger = LogFactory.getLog("access-log");

		private final String line;

		Line(String line) {
			super(line);
			this.line = line;
		}

		@Override
		protected void log() {
			logger.info(this.line);
		}

	}

}
