package dev.rvl.domain.bulk;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.rvl.domain.order.Limits;
import dev.rvl.domain.problem.ProblemKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class BulkReaderTests {

	static final String ORDER = "{\"customerId\": 1, \"lines\": [{\"sku\": \"SKU-00001\", \"quantity\": 1}]}";

	@ParameterizedTest(name = "chunks of {0} bytes")
	@ValueSource(ints = { 1, 2, 7, 64, 100_000 })
	void splitsLinesAcrossAnyChunking(int chunkSize) {
		String body = ORDER + "\n\n   \r\n" + ORDER + "\r\n" + "not json\n" + ORDER;

		List<BulkItem> items = readInChunks(new BulkReader(100), body, chunkSize);

		assertThat(items).extracting(BulkItem::index).containsExactly(0, 1, 2, 3);
		assertThat(items).extracting((item) -> item.getClass().getSimpleName())
			.containsExactly("Parsed", "Parsed", "Rejected", "Parsed");
		assertThat(((BulkItem.Rejected) items.get(2)).problem().kind()).isEqualTo(ProblemKind.MALFORMED_BODY);
	}

	@Test
	void answersLinesOver64KiBWithoutKeepingThem() {
		String longLine = "{\"customerId\": 1, \"pad\": \"" + "x".repeat(Limits.MAX_BODY_BYTES) + "\"}";
		String body = ORDER + "\n" + longLine + "\n" + ORDER + "\n";

		List<BulkItem> items = readInChunks(new BulkReader(100), body, 4096);

		assertThat(items).hasSize(3);
		assertThat(items.get(1)).isInstanceOfSatisfying(BulkItem.Rejected.class,
				(rejected) -> assertThat(rejected.problem().kind()).isEqualTo(ProblemKind.PAYLOAD_TOO_LARGE));
		assertThat(items.get(2)).isInstanceOf(BulkItem.Parsed.class);
	}

	@Test
	void acceptsALineOfExactly64KiB() {
		String line = ORDER + " ".repeat(Limits.MAX_BODY_BYTES - ORDER.length());

		assertThat(readInChunks(new BulkReader(100), line + "\n", 1000)).singleElement()
			.isInstanceOf(BulkItem.Parsed.class);
	}

	@Test
	void answersLinesBeyondTheLimitWithoutParsingThem() {
		String body = (ORDER + "\n").repeat(3) + "not json\n";

		List<BulkItem> items = readInChunks(new BulkReader(2), body, 50);

		assertThat(items).extracting(BulkItem::index).containsExactly(0, 1, 2, 3);
		assertThat(items.subList(2, 4))
			.allSatisfy((item) -> assertThat(item).isInstanceOfSatisfying(BulkItem.Rejected.class, (rejected) -> {
				assertThat(rejected.problem().kind()).isEqualTo(ProblemKind.PAYLOAD_TOO_LARGE);
				assertThat(rejected.problem().detail()).contains("at most 2 orders");
			}));
	}

	@Test
	void readsNothingFromAnEmptyBody() {
		assertThat(readInChunks(new BulkReader(10), "", 10)).isEmpty();
		assertThat(readInChunks(new BulkReader(10), "\n\n  \n", 10)).isEmpty();
	}

	@Test
	void rendersResultLines() {
		assertThat(BulkResult.created(3, "id")).isEqualTo(new BulkResult(3, 201, "id", null));
		BulkResult failed = BulkResult.failed(4, dev.rvl.domain.problem.Problems.customerNotFound(9).problem());
		assertThat(failed.status()).isEqualTo(404);
		assertThat(failed.problem()).containsEntry("type", "/problems/customer-not-found");
	}

	static List<BulkItem> readInChunks(BulkReader reader, String body, int chunkSize) {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		List<BulkItem> items = new ArrayList<>();
		for (int offset = 0; offset < bytes.length; offset += chunkSize) {
			items.addAll(reader.read(ByteBuffer.wrap(bytes, offset, Math.min(chunkSize, bytes.length - offset))));
		}
		items.addAll(reader.finish());
		return items;
	}

}
