package dev.rvl.partner;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

/**
 * Routes of the partner endpoints and of the fault administration.
 */
@Configuration(proxyBeanMethods = false)
class StubRoutes {

	@Bean
	RouterFunction<ServerResponse> routes(PartnerHandler partner, FaultHandler faults) {
		return route().GET("/fraud/score", partner::fraudScore)
			.GET("/shipping/quote", partner::shippingQuote)
			.path("/admin/faults", (admin) -> admin.GET(faults::current).PUT(faults::replace).DELETE(faults::reset))
			.onError(BadRequestException.class,
					(ex, request) -> ServerResponse.badRequest()
						.contentType(MediaType.APPLICATION_JSON)
						.bodyValue(new ErrorBody(ex.getMessage())))
			.build();
	}

}
