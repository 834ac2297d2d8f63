package dev.rvl.localdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * One PostgreSQL server per machine for everything that runs without a configured
 * database: the apps under {@code spring-boot:run}, the test suites and the benchmark
 * runner.
 * <p>
 * The first process that needs it starts it from the zonky binaries (data in
 * {@code ${java.io.tmpdir}/reactive-vs-loom-postgres}, or {@code $RVL_POSTGRES_DIR}), on
 * port 5432 when free. Processes that find it running reuse it; every process using it is
 * counted, and the last one to exit stops it, whoever started it, once its holds are
 * closed ({@link #hold()}: an app's context until it has shut down). A file lock makes
 * concurrent starters agree on one server. {@code main} starts it and keeps it running
 * until interrupted, for long sessions with several apps.
 */
public final class LocalPostgres {

	/** The database the apps use by default. */
	public static final String DEFAULT_DATABASE = "orders";

	public static final String USER = "postgres";

	public static final String PASSWORD = "postgres";

	private static final int PREFERRED_PORT = 5432;

	/** SQLSTATE of "sorry, too many clients already". */
	private static final String TOO_MANY_CONNECTIONS = "53300";

	private static final Pattern DATABASE_NAME = Pattern.compile("[a-z][a-z0-9_]{0,62}");

	private static Server server;

	private static EmbeddedPostgres owned;

	private static boolean registered;

	/** How long this process's exit waits for its holds (an app's context to close). */
	private static final Duration HOLD_TIMEOUT = Duration.ofSeconds(60);

	/** Open holds on the server, guarded by the class ({@link #hold()}). */
	private static int holds;

	private LocalPostgres() {
	}

	/**
	 * Returns the shared server, starting it if no process runs it yet.
	 */
	public static synchronized Server ensureRunning() {
		if (server != null && answers(server.port())) {
			return server;
		}
		Path home = home();
		try {
			Files.createDirectories(home);
			try (FileChannel channel = FileChannel.open(home.resolve("start.lock"), StandardOpenOption.CREATE,
					StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
				Optional<Integer> running = readPort(home).filter(LocalPostgres::answers);
				server = new Server("localhost", running.isPresent() ? running.get() : start(home));
				register(home);
				return server;
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start the local PostgreSQL in " + home, ex);
		}
	}

	/**
	 * Keeps the server running for this process, past the start of its exit, until the
	 * hold is closed. An app on the {@code local} profile closes its hold once its
	 * context is closed, so that a graceful shutdown (SIGTERM, Ctrl-C) finishes the
	 * requests in flight against a running database: the JVM starts every shutdown hook
	 * at once, Spring Boot's (which closes the context: in-flight requests first) and
	 * this class's (which stops the server when this process is its last user); the
	 * latter used to stop the server while the app's last requests still ran, and they
	 * failed with errors in the app's log.
	 * @return the hold, to close when the server is no longer needed
	 */
	public static Hold hold() {
		synchronized (LocalPostgres.class) {
			holds++;
		}
		return new Hold();
	}

	/** Waits (at most {@link #HOLD_TIMEOUT}) until every hold is closed. */
	private static void awaitHolds() throws InterruptedException {
		long deadline = System.nanoTime() + HOLD_TIMEOUT.toNanos();
		synchronized (LocalPostgres.class) {
			while (holds > 0) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					System.err.println("local-postgres: stopping the server with " + holds
							+ " hold(s) still open after " + HOLD_TIMEOUT.toSeconds() + " s");
					return;
				}
				LocalPostgres.class.wait(Math.max(1, left / 1_000_000));
			}
		}
	}

	/** Whether this process started the server (and will stop it on exit). */
	public static synchronized boolean ownsServer() {
		return owned != null;
	}

	/** Creates a database on the shared server unless it exists. */
	public static void createDatabase(String name) {
		try (Connection connection = connect(ensureRunning().port(), "postgres")) {
			if (!exists(connection, name)) {
				try (Statement statement = connection.createStatement()) {
					statement.execute("CREATE DATABASE " + checkedName(name));
				}
			}
		}
		catch (SQLException ex) {
			if (!"42P04".equals(ex.getSQLState())) { // created by a concurrent caller
				throw new IllegalStateException("Could not create database " + name, ex);
			}
		}
	}

	/** Drops a database (closing its connections) and creates it empty. */
	public static void recreateDatabase(String name) {
		try (Connection connection = connect(ensureRunning().port(), "postgres");
				Statement statement = connection.createStatement()) {
			statement.execute("DROP DATABASE IF EXISTS " + checkedName(name) + " WITH (FORCE)");
			statement.execute("CREATE DATABASE " + checkedName(name));
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not recreate database " + name, ex);
		}
	}

	private static int start(Path home) throws IOException {
		int port = isFree(PREFERRED_PORT) ? PREFERRED_PORT : freePort();
		owned = EmbeddedPostgres.builder()
			.setDataDirectory(home.resolve("data"))
			.setCleanDataDirectory(false)
			.setRegisterShutdownHook(false)
			.setPort(port)
			// Room for both apps' pools (20 each), the runner and one module's tests at
			// once: the Loom app's held up to 261 (cached Spring contexts with a pool
			// each, and the apps its integration tests start; 2026-11-28).
			.setServerConfig("max_connections", "500")
			.start();
		Files.writeString(home.resolve("port"), Integer.toString(port), StandardCharsets.UTF_8);
		return port;
	}

	/** Counts this process as a user of the server until it exits. */
	private static void register(Path home) throws IOException {
		if (registered) {
			return;
		}
		Path clients = Files.createDirectories(home.resolve("clients"));
		Path self = clients.resolve(Long.toString(ProcessHandle.current().pid()));
		Files.writeString(self, "");
		Runtime.getRuntime().addShutdownHook(new Thread(() -> leave(home, self), "local-postgres-leave"));
		registered = true;
	}

	/**
	 * On exit, once this process's holds are closed: the last process still using the
	 * server stops it, whoever started it.
	 */
	private static void leave(Path home, Path self) {
		try {
			awaitHolds();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		try (FileChannel channel = FileChannel.open(home.resolve("start.lock"), StandardOpenOption.CREATE,
				StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
			Files.deleteIfExists(self);
			if (otherClientsAlive(home.resolve("clients"))) {
				return;
			}
			if (owned != null) {
				owned.close();
			}
			else {
				stopPostmaster(home.resolve("data"));
			}
			Files.deleteIfExists(home.resolve("port"));
		}
		catch (IOException | RuntimeException ex) {
			System.err.println("local-postgres: could not stop the server cleanly: " + ex);
		}
	}

	private static boolean otherClientsAlive(Path clients) throws IOException {
		try (var entries = Files.list(clients)) {
			return entries.map((file) -> file.getFileName().toString())
				.filter((name) -> name.matches("\\d+"))
				.map(Long::parseLong)
				.anyMatch((pid) -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
		}
	}

	/** Fast shutdown (SIGINT) of a server this process did not start, by its pid file. */
	private static void stopPostmaster(Path data) throws IOException {
		Path pidFile = data.resolve("postmaster.pid");
		if (Files.exists(pidFile)) {
			long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).strip());
			ProcessHandle.of(pid).ifPresent((postmaster) -> {
				try {
					new ProcessBuilder("kill", "-INT", Long.toString(pid)).start().waitFor();
					postmaster.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
				}
				catch (Exception ex) {
					postmaster.destroy();
				}
			});
		}
	}

	private static Path home() {
		String configured = System.getenv("RVL_POSTGRES_DIR");
		if (configured != null && !configured.isBlank()) {
			return Path.of(configured);
		}
		return Path.of(System.getProperty("java.io.tmpdir"), "reactive-vs-loom-postgres");
	}

	private static Optional<Integer> readPort(Path home) {
		try {
			return Optional.of(Integer.parseInt(Files.readString(home.resolve("port")).strip()));
		}
		catch (IOException | NumberFormatException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Whether our server answers on a port (a foreign PostgreSQL there refuses our
	 * login). One that refuses every login because all its connections are taken answers
	 * too: the port is the one our server wrote, and taking it for gone would start a
	 * second server on the same data directory, which zonky refuses ("could not lock
	 * .../epg-lock") - an error that hid the real one while two Maven modules ran their
	 * tests at once.
	 */
	static boolean answers(int port) {
		try (Connection connection = connect(port, "postgres");
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT 1")) {
			return result.next();
		}
		catch (SQLException ex) {
			return TOO_MANY_CONNECTIONS.equals(ex.getSQLState());
		}
	}

	private static Connection connect(int port, String database) throws SQLException {
		Properties properties = new Properties();
		properties.setProperty("user", USER);
		properties.setProperty("password", PASSWORD);
		properties.setProperty("connectTimeout", "3");
		return DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/" + database, properties);
	}

	private static boolean exists(Connection connection, String name) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
			statement.setString(1, name);
			try (ResultSet result = statement.executeQuery()) {
				return result.next();
			}
		}
	}

	private static String checkedName(String name) {
		if (!DATABASE_NAME.matcher(name).matches()) {
			throw new IllegalArgumentException("Not a plain database name: " + name);
		}
		return name;
	}

	private static boolean isFree(int port) {
		try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
			socket.setReuseAddress(true);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	/**
	 * Starts the shared server (or finds it running), creates the {@code orders}
	 * database, prints its URLs and, if this process started it, keeps it running until
	 * interrupted.
	 * @param args {@code [database]}
	 * @throws InterruptedException when interrupted
	 */
	public static void main(String[] args) throws InterruptedException {
		String database = (args.length > 0) ? args[0] : DEFAULT_DATABASE;
		Server running = ensureRunning();
		createDatabase(database);
		System.out.println("JDBC:  " + running.jdbcUrl(database) + "  (user " + USER + ")");
		System.out.println("R2DBC: " + running.r2dbcUrl(database));
		if (ownsServer()) {
			System.out.println("Started by this process; Ctrl-C stops it.");
			Thread.currentThread().join();
		}
		else {
			System.out.println("Already running in another process.");
		}
	}

	/** A hold on the server ({@link #hold()}); closing it again does nothing. */
	public static final class Hold implements AutoCloseable {

		private boolean closed;

		private Hold() {
		}

		@Override
		public void close() {
			synchronized (LocalPostgres.class) {
				if (!this.closed) {
					this.closed = true;
					holds--;
					LocalPostgres.class.notifyAll();
				}
			}
		}

	}

	/**
	 * Where the shared server listens.
	 *
	 * @param host host name
	 * @param port TCP port
	 */
	public record Server(String host, int port) {

		public String jdbcUrl(String database) {
			return "jdbc:postgresql://" + this.host + ":" + this.port + "/" + database;
		}

		public String r2dbcUrl(String database) {
			return "r2dbc:postgresql://" + this.host + ":" + this.port + "/" + database;
		}

	}

}
