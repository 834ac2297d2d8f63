package dev.rvl.contract;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

import dev.rvl.localdb.LocalPostgres;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What both apps' stack-trace captures (for the readability page) share: a trace made
 * stable from run to run, and the two ways they provoke a failure (stub faults, a
 * database constraint).
 */
public final class Traces {

	private Traces() {
	}

	/** The trace as {@code printStackTrace} prints it, stable from run to run. */
	public static String normalize(Throwable failure) {
		StringWriter text = new StringWriter();
		failure.printStackTrace(new PrintWriter(text));
		return normalize(text.toString());
	}

	/** Line numbers, lambda and proxy numbers, hash codes and ids normalized away. */
	public static String normalize(String trace) {
		return trace.replace("\r\n", "\n")
			.replaceAll("\\(([\\w$]+\\.java):\\d+\\)", "($1)")
			.replaceAll("lambda\\$(\\w+)\\$\\d+", "lambda\\$$1\\$N")
			.replaceAll("\\$\\$Lambda(?:\\$\\d+)?/0x[0-9a-f]+", "\\$\\$Lambda")
			.replaceAll("GeneratedMethodAccessor\\d+", "GeneratedMethodAccessorN")
			.replaceAll("\\$Proxy\\d+", "\\$ProxyN")
			.replaceAll("jdk\\.proxy\\d+", "jdk.proxyN")
			.replaceAll("@[0-9a-f]{4,}\\b", "@HASH")
			.replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "UUID");
	}

	/**
	 * Checks each captured trace against its copy committed under
	 * {@code docs/stacktraces} (seen from an app module), and rewrites the copies when
	 * {@code -Dreadability.capture=true}. Netty's own frames are left out of the
	 * comparison: which decoder frames deliver a database message depends on how TCP
	 * happened to split it.
	 */
	public static void checkCommitted(String variant, Map<String, String> traces) {
		Path committed = Path.of("..", "docs", "stacktraces");
		try {
			for (Map.Entry<String, String> trace : traces.entrySet()) {
				String name = variant + "-" + trace.getKey() + ".txt";
				Path fresh = Path.of("target", "stacktraces", name);
				Files.createDirectories(fresh.getParent());
				Files.writeString(fresh, trace.getValue());
				Path fixture = committed.resolve(name);
				if (Boolean.getBoolean("readability.capture")) {
					Files.createDirectories(committed);
					Files.writeString(fixture, trace.getValue());
				}
				String expected = Files.isRegularFile(fixture) ? Files.readString(fixture) : "";
				assertThat(withoutTransportFrames(expected))
					.as("stale: %s differs from the trace captured now (%s); run ./readability/regenerate.sh",
							fixture.normalize(), fresh)
					.isEqualTo(withoutTransportFrames(trace.getValue()));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static String withoutTransportFrames(String trace) {
		return trace.lines()
			.filter((line) -> !line.stripLeading().startsWith("at io.netty."))
			.collect(Collectors.joining("\n"));
	}

	/** Runs statements on a database of the local server. */
	public static void sql(String jdbcUrl, String... statements) {
		try (Connection connection = DriverManager.getConnection(jdbcUrl, LocalPostgres.USER, LocalPostgres.PASSWORD);
				Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Sets ({@code PUT}) or resets ({@code DELETE}) the faults of the stub at
	 * {@code stub}.
	 */
	public static void faults(URI stub, String method, String json) {
		HttpRequest.BodyPublisher body = (json != null) ? HttpRequest.BodyPublishers.ofString(json)
				: HttpRequest.BodyPublishers.noBody();
		HttpRequest request = HttpRequest.newBuilder(stub.resolve("/admin/faults"))
			.header("Content-Type", "application/json")
			.method(method, body)
			.timeout(Duration.ofSeconds(5))
			.build();
		try (HttpClient http = HttpClient.newHttpClient()) {
			HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() / 100 != 2) {
				throw new IllegalStateException("The stub refused " + method + " " + json + ": " + response.body());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
