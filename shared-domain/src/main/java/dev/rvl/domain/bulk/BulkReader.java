package dev.rvl.domain.bulk;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.rvl.domain.order.Limits;
import dev.rvl.domain.order.OrderRequestReader;
import dev.rvl.domain.problem.ProblemException;
import dev.rvl.domain.problem.Problems;

/**
 * Splits an NDJSON body into order requests as its bytes arrive, in chunks of any size.
 * Holds at most one line (64 KiB) in memory: a longer line is skipped to its end and
 * answered with {@code payload-too-large}, and so is every line past {@code maxLines}.
 * Blank lines are skipped and do not count. Not thread-safe: one reader per request.
 */
public final class BulkReader {

	private final int maxLines;

	private byte[] line = new byte[1024];

	private int length;

	private boolean overflow;

	private int index;

	public BulkReader(int maxLines) {
		this.maxLines = maxLines;
	}

	/** Reads a chunk of the body; returns the items whose lines it completed. */
	public List<BulkItem> read(ByteBuffer chunk) {
		List<BulkItem> items = new ArrayList<>();
		while (chunk.hasRemaining()) {
			byte b = chunk.get();
			if (b == '\n') {
				completeLine(items);
			}
			else if (!this.overflow) {
				append(b);
			}
		}
		return items;
	}

	/** Reads a chunk of the body; returns the items whose lines it completed. */
	public List<BulkItem> read(byte[] chunk, int offset, int length) {
		return read(ByteBuffer.wrap(chunk, offset, length));
	}

	/** Ends the body: returns the item of a last line without a newline, if any. */
	public List<BulkItem> finish() {
		List<BulkItem> items = new ArrayList<>();
		completeLine(items);
		return items;
	}

	private void append(byte b) {
		if (this.length == Limits.MAX_BODY_BYTES) {
			this.overflow = true;
			return;
		}
		if (this.length == this.line.length) {
			this.line = Arrays.copyOf(this.line, Math.min(this.line.length * 2, Limits.MAX_BODY_BYTES));
		}
		this.line[this.length++] = b;
	}

	private void completeLine(List<BulkItem> items) {
		if (this.overflow || !isBlank()) {
			items.add(item(this.index++));
		}
		this.length = 0;
		this.overflow = false;
	}

	private BulkItem item(int index) {
		if (index >= this.maxLines) {
			return new BulkItem.Rejected(index, Problems.tooManyBulkLines(this.maxLines).problem());
		}
		if (this.overflow) {
			return new BulkItem.Rejected(index, Problems.payloadTooLarge(Limits.MAX_BODY_BYTES).problem());
		}
		try {
			return new BulkItem.Parsed(index, OrderRequestReader.read(Arrays.copyOf(this.line, this.length)));
		}
		catch (ProblemException ex) {
			return new BulkItem.Rejected(index, ex.problem());
		}
	}

	private boolean isBlank() {
		for (int i = 0; i < this.length; i++) {
			if (!Character.isWhitespace(this.line[i])) {
				return false;
			}
		}
		return true;
	}

}
