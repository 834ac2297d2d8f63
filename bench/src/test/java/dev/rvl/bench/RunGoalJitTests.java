package dev.rvl.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./mvnw -pl <app> spring-boot:run}, the way the README starts each app, must run
 * the full JIT: the Spring Boot plugin's default "optimized launch" adds
 * {@code -XX:TieredStopAtLevel=1}, and a user who puts load on an app started so measures
 * C1 code (the reactive app's bulk ingest took about twice as long).
 */
class RunGoalJitTests {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	@Test
	void everySpringBootRunStartsWithTheFullJit() throws Exception {
		List<String> settings = optimizedLaunch(ROOT.resolve("pom.xml"));

		assertThat(settings).as("the parent's spring-boot-maven-plugin <optimizedLaunch>").containsExactly("false");
	}

	@Test
	void noModuleTurnsTheOptimizedLaunchBackOn() throws Exception {
		List<Path> modules;
		try (Stream<Path> children = Files.list(ROOT)) {
			modules = children.map((child) -> child.resolve("pom.xml")).filter(Files::isRegularFile).toList();
		}

		assertThat(modules).extracting((pom) -> pom.getParent().getFileName().toString())
			.contains("reactive-app", "loom-app", "partner-stub");
		for (Path pom : modules) {
			assertThat(optimizedLaunch(pom)).as(pom.toString()).allMatch("false"::equals);
		}
	}

	/**
	 * Every {@code <optimizedLaunch>} in a pom's spring-boot-maven-plugin configuration.
	 */
	private static List<String> optimizedLaunch(Path pom) throws Exception {
		Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
		NodeList artifacts = document.getElementsByTagName("artifactId");
		List<String> values = new ArrayList<>();
		for (int i = 0; i < artifacts.getLength(); i++) {
			if ("spring-boot-maven-plugin".equals(artifacts.item(i).getTextContent().trim())
					&& artifacts.item(i).getParentNode() instanceof Element plugin) {
				NodeList settings = plugin.getElementsByTagName("optimizedLaunch");
				for (int j = 0; j < settings.getLength(); j++) {
					values.add(settings.item(j).getTextContent().trim());
				}
			}
		}
		return values;
	}

}
