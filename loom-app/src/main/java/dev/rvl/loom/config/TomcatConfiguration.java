package dev.rvl.loom.config;

import dev.rvl.loom.web.ProblemErrorReportValve;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tomcat's own error answers as problems: its error report valve replaced by
 * {@link ProblemErrorReportValve}.
 */
@Configuration(proxyBeanMethods = false)
class TomcatConfiguration {

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemErrorReports() {
		return (factory) -> factory.addContextCustomizers((context) -> {
			StandardHost host = (StandardHost) context.getParent();
			for (Valve valve : host.getPipeline().getValves()) {
				if (valve instanceof ErrorReportValve) {
					host.getPipeline().removeValve(valve);
				}
			}
			host.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
			host.getPipeline().addValve(new ProblemErrorReportValve());
		});
	}

}
