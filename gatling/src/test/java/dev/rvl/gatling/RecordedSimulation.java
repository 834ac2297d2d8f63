package dev.rvl.gatling;

import java.time.Duration;

import dev.rvl.gatling.endpoints.OrderEndpoints;
import dev.rvl.gatling.profile.LoadProfile;
import dev.rvl.gatling.recorder.Recording;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * What every simulation shares: one {@link LoadProfile} drives both the injection and the
 * time-series recorder; HTTP/1.1 keep-alive connections shared by all virtual users (a
 * gateway's pool; {@code -Dconnections=per-user}: one per user, as browsers), no warm-up
 * call to the internet; bounded in time; assertions on p99 and failed requests unless
 * {@code -Dassertions=false}.
 */
abstract class RecordedSimulation extends Simulation {

	private final LoadProfile profile;

	RecordedSimulation(LoadProfile stated, ScenarioBuilder scenario, String assertedRequest) {
		LoadProfile profile = stated.withLeadIn(Config.leadSeconds());
		this.profile = profile;
		PopulationBuilder population = (profile.model() == LoadProfile.Model.OPEN)
				? scenario.injectOpen(profile.openInjection()) : scenario.injectClosed(profile.closedInjection());
		SetUp setUp = setUp(population).protocols(protocol())
			.maxDuration(Duration.ofSeconds(profile.totalSeconds()).plus(Config.grace()));
		if (Config.assertions()) {
			setUp.assertions(details(assertedRequest).responseTime().percentile(99.0).lte(Config.sloP99Ms()),
					global().failedRequests().percent().lte(Config.maxFailedPercent()));
		}
	}

	RecordedSimulation(LoadProfile profile, ScenarioBuilder scenario) {
		this(profile, scenario, OrderEndpoints.PLACE_ORDER);
	}

	private static HttpProtocolBuilder protocol() {
		HttpProtocolBuilder protocol = http.baseUrl(Config.baseUrl())
			.acceptHeader("application/json, application/problem+json")
			.disableWarmUp()
			.disableCaching()
			.disableFollowRedirect();
		return Config.sharedConnections() ? protocol.shareConnections() : protocol;
	}

	@Override
	public void before() {
		System.out.printf("%s against %s: %s model, %d s planned, time series to %s%n", getClass().getSimpleName(),
				Config.baseUrl(), this.profile.model(), this.profile.totalSeconds(),
				Config.timeseries(getClass()).toAbsolutePath());
		Recording.begin(Config.requestTimeoutMs());
	}

	@Override
	public void after() {
		Recording.end(Config.timeseries(getClass()), getClass().getSimpleName(), this.profile);
	}

}
