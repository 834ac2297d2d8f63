package dev.rvl.contract;

import java.net.URI;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The request log, the same in both apps: with {@code access-log.enabled=true}, one line
 * per request on the {@code access-log} logger, {@code <client ip> "<request line>"
 * <status> <body bytes> <milliseconds>}. A subclass starts the app with it switched on,
 * in this JVM (the log is read from the console).
 */
public abstract class AccessLogContract {

	/** The message of one access-log line, as both apps write it. */
	public static final Pattern LINE = Pattern
		.compile("access-log\\s*:\\s*(\\S+) \"(\\S+) (\\S+) (HTTP/1\\.1)\" (\\d{3}) (\\d+) (\\d+)$");

	protected abstract URI baseUrl();

	@Test
	void logsOneLinePerRequest() {
		Api api = new Api(baseUrl());
		String path = "/api/orders/not-an-id?probe=" + System.nanoTime();
		try (CapturedOutput output = CapturedOutput.start()) {
			Api.Response response = api.get(path);

			await().until(() -> lines(output, path).size() == 1);
			var line = LINE.matcher(lines(output, path).get(0));
			assertThat(line.find()).isTrue();
			assertThat(line.group(1)).isEqualTo("127.0.0.1");
			assertThat(line.group(2)).isEqualTo("GET");
			assertThat(line.group(3)).isEqualTo(path);
			assertThat(line.group(5)).isEqualTo("400");
			assertThat(Long.parseLong(line.group(6))).isEqualTo(response.body().length());
		}
	}

	static List<String> lines(CapturedOutput output, String path) {
		return output.text().lines().filter((line) -> line.contains(" " + path + " ")).toList();
	}

}
