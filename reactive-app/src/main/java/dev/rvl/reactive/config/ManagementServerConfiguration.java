package dev.rvl.reactive.config;

import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.http.client.ReactorResourceFactory;

/**
 * The actuator's server, when it has a port of its own ({@code management.server.port},
 * as the benchmark runs it for its metrics scrape), on the app's event loops too. Boot
 * starts it in a child context whose server factory is not the app's: it ran on Reactor
 * Netty's global {@code reactor-http-epoll} loops, three more threads beside the app's
 * one loop ({@code EventLoopsTests}).
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
class ManagementServerConfiguration {

	@Bean
	WebServerFactoryCustomizer<NettyReactiveWebServerFactory> managementServerOnTheAppsLoops(
			ReactorResourceFactory reactorResourceFactory) {
		return (factory) -> factory.setResourceFactory(reactorResourceFactory);
	}

}
