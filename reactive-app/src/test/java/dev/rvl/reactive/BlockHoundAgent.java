package dev.rvl.reactive;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;

/**
 * A Java agent that puts BlockHound into the packaged app's own JVM, where the contract
 * suite's BlockHound (installed in the test JVM) cannot see: the resilience scenarios run
 * the jar as a process of its own. BlockHound's own agent would install it with the
 * system class loader, which sees neither Reactor nor Netty in a Spring Boot jar, so this
 * waits until the jar's launcher has set the application class loader on the main thread
 * and installs BlockHound with the integrations that class loader finds (Reactor's,
 * Netty's, {@link JacksonBlockHoundIntegration}). It prints {@link #INSTALLED} once
 * installed and {@link #BLOCKING} for every blocking call it reports, for the test to
 * find in the app's output.
 */
public final class BlockHoundAgent {

	public static final String INSTALLED = "BlockHoundAgent: installed";

	public static final String BLOCKING = "BlockHoundAgent: blocking call";

	private BlockHoundAgent() {
	}

	public static void premain(String arguments, Instrumentation instrumentation) {
		Thread main = Thread.currentThread();
		ClassLoader system = ClassLoader.getSystemClassLoader();
		Thread.ofPlatform().daemon().name("blockhound-agent").start(() -> {
			ClassLoader application = main.getContextClassLoader();
			while (application == null || application == system) {
				if (!main.isAlive()) {
					return;
				}
				sleep();
				application = main.getContextClassLoader();
			}
			Thread.currentThread().setContextClassLoader(application);
			BlockHound.builder().loadIntegrations().with(instrumentation).blockingMethodCallback((method) -> {
				System.err.println(BLOCKING + ": " + method);
				throw new BlockingOperationError(method);
			}).install();
			System.out.println(INSTALLED);
		});
	}

	private static void sleep() {
		try {
			Thread.sleep(Duration.ofMillis(5));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Writes the agent jar into {@code directory} (with BlockHound beside it) and returns
	 * the JVM flags that load it.
	 */
	static String jvmFlags(Path directory) throws IOException {
		Files.createDirectories(directory);
		Path blockHound = Path.of(BlockHound.class.getProtectionDomain().getCodeSource().getLocation().getPath());
		Files.copy(blockHound, directory.resolve("blockhound.jar"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
		Manifest manifest = new Manifest();
		Attributes attributes = manifest.getMainAttributes();
		attributes.put(Attributes.Name.MANIFEST_VERSION, "1.0");
		attributes.putValue("Premain-Class", BlockHoundAgent.class.getName());
		attributes.putValue("Can-Redefine-Classes", "true");
		attributes.putValue("Can-Retransform-Classes", "true");
		attributes.putValue("Can-Set-Native-Method-Prefix", "true");
		attributes.put(Attributes.Name.CLASS_PATH, "blockhound.jar");
		Path agent = directory.resolve("blockhound-agent.jar");
		try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(agent), manifest)) {
			for (Class<?> type : new Class<?>[] { BlockHoundAgent.class, JacksonBlockHoundIntegration.class }) {
				String name = type.getName().replace('.', '/') + ".class";
				try (var bytes = type.getClassLoader().getResourceAsStream(name)) {
					add(jar, name, bytes.readAllBytes());
				}
			}
			add(jar, "META-INF/services/reactor.blockhound.integration.BlockHoundIntegration",
					(JacksonBlockHoundIntegration.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
		}
		return "-javaagent:" + agent.toAbsolutePath() + " -XX:+AllowRedefinitionToAddDeleteMethods";
	}

	private static void add(JarOutputStream jar, String name, byte[] bytes) throws IOException {
		jar.putNextEntry(new JarEntry(name));
		OutputStream out = jar;
		out.write(bytes);
		jar.closeEntry();
	}

}
