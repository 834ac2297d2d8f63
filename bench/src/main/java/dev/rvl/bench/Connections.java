package dev.rvl.bench;

import java.util.Locale;

/**
 * How Gatling's virtual users reach the app. An order service sits behind a gateway or
 * another service whose HTTP client keeps a pool of keep-alive connections: that is
 * {@link #SHARED}, Gatling's {@code shareConnections()} (one pool for all users, a new
 * connection only when every pooled one is busy). {@link #PER_USER} is Gatling's default,
 * browsers calling the app directly: every virtual user - every order - opens its own
 * connection, so each order also pays a TCP handshake, an accept and a close, in the app
 * and in the generator.
 */
enum Connections {

	SHARED("shared", "HTTP/1.1 keep-alive, one pool shared by all virtual users (shareConnections)"),

	PER_USER("per-user", "HTTP/1.1 keep-alive, one connection per virtual user (a new one per order)");

	private final String id;

	private final String description;

	Connections(String id, String description) {
		this.id = id;
		this.description = description;
	}

	String id() {
		return this.id;
	}

	String describe() {
		return this.description;
	}

	static Connections of(String id) {
		for (Connections connections : values()) {
			if (connections.id.equals(id.strip().toLowerCase(Locale.ROOT))) {
				return connections;
			}
		}
		throw new IllegalArgumentException("--connections must be shared or per-user, not " + id);
	}

}
