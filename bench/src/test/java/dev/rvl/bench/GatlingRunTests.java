package dev.rvl.bench;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class GatlingRunTests {

	@Test
	void onlyEverTargetsThisMachine(@TempDir Path directory) {
		Project project = new Project(directory);

		assertThatIllegalArgumentException()
			.isThrownBy(() -> GatlingRun.start(project, List.of(), Simulation.STAIRS,
					URI.create("http://10.0.0.5:8081"), Map.of(), directory, "x"))
			.withMessageContaining("127.0.0.1");
		assertThatIllegalArgumentException().isThrownBy(() -> GatlingRun.start(project, List.of(), Simulation.STAIRS,
				URI.create("http://example.org:8081"), Map.of(), directory, "x"));
	}

	@Test
	void givesGatlingThePluginsJvmFlagsForTheJdk() {
		assertThat(GatlingRun.jvmOptions(25)).contains("--add-opens=java.base/java.lang=ALL-UNNAMED",
				"--sun-misc-unsafe-memory-access=allow", "-Xmx1g");
		assertThat(GatlingRun.jvmOptions(21)).doesNotContain("--sun-misc-unsafe-memory-access=allow");
	}

	@Test
	void findsTheBootJarsAndTheStubsExecutableJar(@TempDir Path root) throws Exception {
		Files.writeString(root.resolve("pom.xml"), "<project/>");
		Files.createDirectories(root.resolve("gatling"));
		Path reactive = Files.createDirectories(root.resolve("reactive-app/target"));
		Files.writeString(reactive.resolve("reactive-app-0.1.0-SNAPSHOT.jar"), "");
		Files.writeString(reactive.resolve("reactive-app-0.1.0-SNAPSHOT-sources.jar"), "");
		Files.writeString(reactive.resolve("reactive-app-0.1.0-SNAPSHOT.jar.original"), "");
		Path stub = Files.createDirectories(root.resolve("partner-stub/target"));
		Files.writeString(stub.resolve("partner-stub-0.1.0-SNAPSHOT.jar"), "");
		Files.writeString(stub.resolve("partner-stub-0.1.0-SNAPSHOT-exec.jar"), "");

		Project project = Project.at(root);

		assertThat(project.appJar("reactive-app").getFileName()).hasToString("reactive-app-0.1.0-SNAPSHOT.jar");
		assertThat(project.stubJar().getFileName()).hasToString("partner-stub-0.1.0-SNAPSHOT-exec.jar");
		assertThatIllegalStateException().isThrownBy(() -> project.appJar("loom-app")).withMessageContaining("build");
		assertThatIllegalStateException().isThrownBy(project::gatlingClasspath).withMessageContaining("not built");
	}

}
