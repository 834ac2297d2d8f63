package dev.rvl.contract;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A full-duplex HTTP/1.1 client for the bulk endpoint over a plain socket: one thread
 * streams the NDJSON request body (chunked) while the caller reads result lines as they
 * arrive. A raw socket because the test needs control a library hides: when to read, how
 * large the receive buffer is, and how many body bytes the server has accepted.
 */
public final class BulkClient implements AutoCloseable {

	private final Socket socket;

	private final AtomicLong bytesSent = new AtomicLong();

	private final Thread writer;

	private volatile Throwable writeFailure;

	private InputStream in;

	private int status;

	private final Map<String, String> headers = new LinkedHashMap<>();

	/**
	 * Connects and starts streaming the body.
	 * @param baseUrl the app
	 * @param contentType the request's Content-Type
	 * @param lines the body lines (produced lazily; a newline follows each)
	 * @param receiveBufferBytes the socket receive buffer, small to make backpressure
	 * visible
	 */
	public BulkClient(URI baseUrl, String contentType, Iterator<String> lines, int receiveBufferBytes) {
		try {
			this.socket = new Socket();
			this.socket.setReceiveBufferSize(receiveBufferBytes);
			this.socket.connect(new InetSocketAddress(baseUrl.getHost(), baseUrl.getPort()), 5000);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.writer = Thread.ofPlatform()
			.daemon()
			.name("bulk-client-writer")
			.start(() -> write(baseUrl, contentType, lines));
	}

	private void write(URI baseUrl, String contentType, Iterator<String> lines) {
		try {
			OutputStream out = this.socket.getOutputStream();
			String head = "POST /api/orders/bulk HTTP/1.1\r\nHost: " + baseUrl.getHost() + ":" + baseUrl.getPort()
					+ "\r\nContent-Type: " + contentType + "\r\nAccept: application/x-ndjson\r\n"
					+ "Transfer-Encoding: chunked\r\n\r\n";
			out.write(head.getBytes(StandardCharsets.US_ASCII));
			ByteArrayOutputStream chunk = new ByteArrayOutputStream();
			while (lines.hasNext()) {
				chunk.write((lines.next() + "\n").getBytes(StandardCharsets.UTF_8));
				if (chunk.size() >= 8192 || !lines.hasNext()) {
					out.write((Integer.toHexString(chunk.size()) + "\r\n").getBytes(StandardCharsets.US_ASCII));
					chunk.writeTo(out);
					out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
					this.bytesSent.addAndGet(chunk.size());
					chunk.reset();
				}
			}
			out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
			out.flush();
		}
		catch (IOException | RuntimeException ex) {
			this.writeFailure = ex;
		}
	}

	/** Body bytes the server has accepted so far (written into the socket). */
	public long bytesSent() {
		return this.bytesSent.get();
	}

	public boolean writerDone() {
		return !this.writer.isAlive();
	}

	public Throwable writeFailure() {
		return this.writeFailure;
	}

	/** Reads the status line and headers (blocks until the server answers). */
	public int status() {
		if (this.in == null) {
			try {
				this.in = new BufferedInputStream(this.socket.getInputStream());
				String statusLine = readLine();
				this.status = Integer.parseInt(statusLine.split(" ")[1]);
				for (String line = readLine(); !line.isEmpty(); line = readLine()) {
					int colon = line.indexOf(':');
					this.headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
							line.substring(colon + 1).strip());
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		return this.status;
	}

	public String header(String name) {
		status();
		return this.headers.get(name.toLowerCase(Locale.ROOT));
	}

	/** Reads the whole response body, handing each non-empty line to the consumer. */
	public void readLines(Consumer<String> consumer) {
		status();
		try {
			if ("chunked".equalsIgnoreCase(header("Transfer-Encoding"))) {
				readChunked(consumer);
			}
			else {
				String length = header("Content-Length");
				byte[] body = (length != null) ? this.in.readNBytes(Integer.parseInt(length)) : this.in.readAllBytes();
				new String(body, StandardCharsets.UTF_8).lines().filter((l) -> !l.isEmpty()).forEach(consumer);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void readChunked(Consumer<String> consumer) throws IOException {
		ByteArrayOutputStream pending = new ByteArrayOutputStream();
		while (true) {
			int size = Integer.parseInt(readLine().split(";")[0].strip(), 16);
			if (size == 0) {
				readLine();
				break;
			}
			byte[] data = this.in.readNBytes(size);
			readLine();
			for (byte b : data) {
				if (b == '\n') {
					if (pending.size() > 0) {
						consumer.accept(pending.toString(StandardCharsets.UTF_8));
					}
					pending.reset();
				}
				else {
					pending.write(b);
				}
			}
		}
		if (pending.size() > 0) {
			consumer.accept(pending.toString(StandardCharsets.UTF_8));
		}
	}

	private String readLine() throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		int b;
		while ((b = this.in.read()) != -1 && b != '\n') {
			if (b != '\r') {
				line.write(b);
			}
		}
		if (b == -1 && line.size() == 0) {
			throw new IOException("Connection closed by the server");
		}
		return line.toString(StandardCharsets.US_ASCII);
	}

	/**
	 * Goes away abruptly, as a crashed client or a dropped connection does: the socket is
	 * reset (RST), so the server's next write fails.
	 */
	public void abort() {
		try {
			this.socket.setSoLinger(true, 0);
			this.socket.close();
		}
		catch (IOException ex) {
			// gone anyway
		}
	}

	@Override
	public void close() {
		try {
			this.socket.close();
		}
		catch (IOException ex) {
			// closing anyway
		}
	}

}
