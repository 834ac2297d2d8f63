package dev.rvl.reactive;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * What BlockHound lets pass in this module's tests besides Reactor's and Netty's own
 * allowances: Jackson builds a deserializer for a type once, under a lock, the first time
 * it reads one; two partner answers decoded at once on event loops may contend for it.
 * That is a one-time, CPU-only wait, not blocking I/O, and it made the first order of a
 * JVM fail with 502 when BlockHound reported it.
 */
public class JacksonBlockHoundIntegration implements BlockHoundIntegration {

	@Override
	public void applyTo(BlockHound.Builder builder) {
		builder.allowBlockingCallsInside("tools.jackson.databind.deser.DeserializerCache",
				"_createAndCacheValueDeserializer");
	}

}
