package dev.rvl.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Ports for the processes the harnesses start. */
public final class Ports {

	private Ports() {
	}

	/**
	 * A port free on the loopback interface right now (another process may take it before
	 * it is used; the harnesses start their processes at once).
	 */
	public static int free() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
