package dev.rvl.domain.bulk;

import java.nio.charset.StandardCharsets;

import dev.rvl.domain.problem.Problems;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class BulkResultTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Test
	void isOneLineOfJsonEndedByANewline() {
		String created = new String(BulkResult.created(0, "6f1c").toLine(JSON), StandardCharsets.UTF_8);
		String failed = new String(BulkResult.failed(1, Problems.internal()).toLine(JSON), StandardCharsets.UTF_8);

		assertThat(created).isEqualTo("{\"index\":0,\"status\":201,\"orderId\":\"6f1c\"}\n");
		assertThat(failed).startsWith("{\"index\":1,\"status\":500,\"problem\":{").endsWith("}\n");
		assertThat(failed.indexOf('\n')).as("one line").isEqualTo(failed.length() - 1);
	}

}
