package dev.rvl.domain.config;

import java.net.URI;
import java.time.Duration;

/**
 * The {@code partner.*} settings, with the same names and defaults in both apps.
 *
 * @param baseUrl where the partner APIs live
 * @param timeout one deadline for the whole fan-out (both calls)
 * @param connectTimeout TCP connect timeout
 * @param maxConnections open connections to the partner at most; more calls wait for one
 * until the deadline
 * @param retries retries of a failed call within the deadline (0: none)
 */
public record PartnerSettings(URI baseUrl, Duration timeout, Duration connectTimeout, int maxConnections, int retries) {

	public PartnerSettings {
		OrdersSettings.positive("partner.max-connections", maxConnections);
		if (retries < 0) {
			throw new IllegalArgumentException("partner.retries must not be negative");
		}
	}

}
