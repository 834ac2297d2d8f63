package dev.rvl.reactive.config;

import java.time.Duration;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A request body that stalls is given up on after {@code server.netty.idle-timeout}, the
 * bound Tomcat's {@code connection-timeout} gives the Loom app. Reactor Netty's idle
 * timeout covers only the wait between requests; without a read timeout a client that
 * sent half a body held its admission slot (and the request's memory) forever.
 */
@Configuration(proxyBeanMethods = false)
class ReadTimeoutConfiguration {

	@Bean
	NettyServerCustomizer requestBodyReadTimeout(@Value("${server.netty.idle-timeout}") Duration timeout) {
		return (server) -> server.readTimeout(timeout);
	}

}
