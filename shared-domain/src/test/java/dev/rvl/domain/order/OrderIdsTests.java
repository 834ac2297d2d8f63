package dev.rvl.domain.order;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import dev.rvl.domain.problem.ProblemException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class OrderIdsTests {

	Clock clock = Clock.fixed(Instant.parse("2026-11-22T10:15:30.123456Z"), ZoneOffset.UTC);

	@Test
	void issuesTimeOrderedVersion7Ids() {
		UUID id = OrderIds.newId(this.clock);

		assertThat(id.version()).isEqualTo(7);
		assertThat(id.variant()).isEqualTo(2);
		assertThat(id.getMostSignificantBits() >>> 16).isEqualTo(this.clock.millis());
		assertThat(OrderIds.newId(this.clock)).isNotEqualTo(id);
	}

	@Test
	void formatsTimestampsWithMillisecondsAndZ() {
		assertThat(OrderIds.format(OrderIds.now(this.clock))).isEqualTo("2026-11-22T10:15:30.123Z");
		assertThat(OrderIds.format(OffsetDateTime.parse("2026-01-02T03:04:05+02:00")))
			.isEqualTo("2026-01-02T01:04:05.000Z");
	}

	@Test
	void parsesCanonicalUuids() {
		UUID id = UUID.randomUUID();

		assertThat(OrderIds.parse(id.toString())).isEqualTo(id);
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "42", "not-a-uuid", "1-1-1-1-1", "0190a7b2-1c3d-7e4f-8a9b-0c1d2e3f4a5", })
	void rejectsMalformedOrderIds(String id) {
		assertThatExceptionOfType(ProblemException.class).isThrownBy(() -> OrderIds.parse(id))
			.satisfies((ex) -> assertThat(ex.problem().extensions().get("violations").toString()).contains("id"));
	}

}
