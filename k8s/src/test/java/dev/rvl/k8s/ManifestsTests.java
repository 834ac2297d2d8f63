package dev.rvl.k8s;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Validates what {@code kustomize build k8s/overlays/<variant>} renders, offline: every
 * object is parsed into fabric8's typed Kubernetes model (the generated classes of the
 * Kubernetes OpenAPI description), strictly - an unknown kind, an unknown field anywhere
 * (fabric8 would keep it aside as an "additional property"), a value of the wrong type, a
 * malformed quantity, or anything that does not survive the typed round trip unchanged
 * fails. Then the comparison's own rules: the three apps get identical CPU and memory
 * with requests = limits, readiness and liveness on the actuator probes, the same
 * settings, and each variant a Gatling Job against its own Service; what the overlays
 * share renders identically in all three, so applying them together is consistent.
 * <p>
 * Run by {@code k8s/validate.sh}, which renders the overlays into the directory given as
 * {@code -Dk8s.rendered}.
 */
class ManifestsTests {

	static final List<String> VARIANTS = List.of("reactive", "loom", "platform");

	private static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of("v1/Namespace", Namespace.class,
			"v1/ConfigMap", ConfigMap.class, "v1/Secret", Secret.class, "v1/Service", Service.class,
			"apps/v1/Deployment", Deployment.class, "apps/v1/StatefulSet", StatefulSet.class, "batch/v1/Job",
			Job.class);

	private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
		.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

	private static final ObjectMapper JSON = JsonMapper.builder().build();

	/** Rendered objects per variant, by kind/name. */
	private static final Map<String, Map<String, Rendered>> RENDERED = new LinkedHashMap<>();

	@BeforeAll
	static void parseEveryRenderedObject() throws IOException {
		String directory = System.getProperty("k8s.rendered");
		if (directory == null || directory.isBlank()) {
			fail("-Dk8s.rendered=DIR is not set: run k8s/validate.sh, which renders the overlays with kustomize first");
		}
		for (String variant : VARIANTS) {
			Path file = Path.of(directory, variant + ".yaml");
			assertThat(file).as("kustomize build k8s/overlays/" + variant).isRegularFile();
			Map<String, Rendered> objects = new TreeMap<>();
			for (JsonNode document : documents(file)) {
				Rendered rendered = parse(variant, document);
				assertThat(objects.put(rendered.key(), rendered)).as("%s: %s twice", variant, rendered.key()).isNull();
			}
			assertThat(objects).as(variant + ": objects").isNotEmpty();
			RENDERED.put(variant, objects);
		}
	}

	@Test
	void everyObjectIsAKnownKindAndSurvivesTheTypedRoundTripUnchanged() {
		// done while parsing; here the count, so the report says what was checked
		RENDERED.forEach((variant, objects) -> assertThat(objects.keySet()).as(variant)
			.contains("Namespace/reactive-vs-loom", "StatefulSet/postgres", "Deployment/partner-stub",
					"ConfigMap/app-settings", "Deployment/" + variant + "-app", "Service/" + variant + "-app",
					"Job/" + variant + "-gatling"));
	}

	@Test
	void givesTheThreeAppsIdenticalResourcesWithRequestsEqualToLimits() {
		ResourceRequirements first = null;
		for (String variant : VARIANTS) {
			Container app = appContainer(variant);
			ResourceRequirements resources = app.getResources();
			assertThat(resources.getRequests()).as(variant + ": requests").containsOnlyKeys("cpu", "memory");
			assertThat(amounts(resources.getRequests())).as(variant + ": requests = limits")
				.isEqualTo(amounts(resources.getLimits()));
			if (first == null) {
				first = resources;
			}
			assertThat(amounts(resources.getLimits())).as(variant + ": the same as " + VARIANTS.get(0))
				.isEqualTo(amounts(first.getLimits()));
		}
	}

	@Test
	void probesTheActuatorsReadinessAndLiveness() {
		for (String variant : VARIANTS) {
			Container app = appContainer(variant);
			assertThat(path(app.getReadinessProbe())).as(variant).isEqualTo("/actuator/health/readiness");
			assertThat(path(app.getLivenessProbe())).as(variant).isEqualTo("/actuator/health/liveness");
			assertThat(app.getPorts()).as(variant + ": the probes' port")
				.anyMatch((port) -> port.getName().equals(app.getReadinessProbe().getHttpGet().getPort().getStrVal()));
		}
	}

	@Test
	void differsBetweenVariantsOnlyInNamesImageAndTheBaselinesProfile() throws IOException {
		JsonNode reactive = normalizedApp("reactive");
		for (String variant : VARIANTS) {
			assertThat(normalizedApp(variant)).as(variant + " against reactive").isEqualTo(reactive);
		}
		assertThat(appContainer("reactive").getImage()).startsWith("reactive-vs-loom/reactive-app:");
		assertThat(appContainer("loom").getImage()).startsWith("reactive-vs-loom/loom-app:");
		assertThat(appContainer("platform").getImage()).isEqualTo(appContainer("loom").getImage());
		assertThat(profile("platform")).isEqualTo("platform");
		assertThat(profile("reactive")).isNull();
		assertThat(profile("loom")).isNull();
	}

	@Test
	void runsGatlingAgainstEachVariantsOwnServiceSuspendedAndBounded() {
		for (String variant : VARIANTS) {
			Job job = object(variant, "Job/" + variant + "-gatling", Job.class);
			Container gatling = job.getSpec().getTemplate().getSpec().getContainers().get(0);
			assertThat(env(gatling, "TARGET_HOST")).as(variant).isEqualTo(variant + "-app");
			assertThat(env(gatling, "BASE_URL")).isEqualTo("http://$(TARGET_HOST):8080");
			assertThat(job.getSpec().getSuspend()).as(variant + ": never starts load by itself").isTrue();
			assertThat(job.getSpec().getActiveDeadlineSeconds()).as(variant + ": bounded").isNotNull();
			Service service = object(variant, "Service/" + variant + "-app", Service.class);
			Deployment deployment = object(variant, "Deployment/" + variant + "-app", Deployment.class);
			assertThat(deployment.getSpec().getTemplate().getMetadata().getLabels())
				.as(variant + ": the Service selects this app's pods only")
				.containsAllEntriesOf(service.getSpec().getSelector())
				.containsEntry("app.kubernetes.io/instance", variant);
			assertThat(service.getSpec().getPorts()).anyMatch((port) -> port.getPort() == 8080);
		}
	}

	@Test
	void referencesOnlySettingsAndSecretsThatExist() {
		for (String variant : VARIANTS) {
			Container app = appContainer(variant);
			app.getEnvFrom()
				.forEach((from) -> assertThat(RENDERED.get(variant))
					.containsKey("ConfigMap/" + from.getConfigMapRef().getName()));
			Secret secret = object(variant, "Secret/postgres", Secret.class);
			app.getEnv()
				.stream()
				.filter((env) -> env.getValueFrom() != null)
				.forEach((env) -> assertThat(secret.getStringData()).as(variant + ": " + env.getName())
					.containsKey(env.getValueFrom().getSecretKeyRef().getKey()));
		}
	}

	@Test
	void rendersWhatTheVariantsShareIdentically() {
		Map<String, Rendered> reactive = RENDERED.get("reactive");
		for (String variant : VARIANTS) {
			Map<String, Rendered> objects = RENDERED.get(variant);
			objects.forEach((key, rendered) -> {
				if (!key.contains(variant + "-")) {
					assertThat(reactive).as(variant + ": shared " + key).containsKey(key);
					assertThat(rendered.tree()).as(variant + ": shared " + key).isEqualTo(reactive.get(key).tree());
				}
			});
		}
	}

	private static Container appContainer(String variant) {
		return object(variant, "Deployment/" + variant + "-app", Deployment.class).getSpec()
			.getTemplate()
			.getSpec()
			.getContainers()
			.get(0);
	}

	private static String profile(String variant) {
		return env(appContainer(variant), "SPRING_PROFILES_ACTIVE");
	}

	private static String env(Container container, String name) {
		return container.getEnv()
			.stream()
			.filter((env) -> env.getName().equals(name))
			.map(EnvVar::getValue)
			.findFirst()
			.orElse(null);
	}

	/** The app's Deployment with what may differ taken out. */
	private static JsonNode normalizedApp(String variant) throws IOException {
		String json = JSON.writeValueAsString(object(variant, "Deployment/" + variant + "-app", Deployment.class));
		json = json.replace(variant + "-app", "APP")
			.replace("\"app.kubernetes.io/instance\":\"" + variant + "\"", "\"app.kubernetes.io/instance\":\"V\"");
		JsonNode tree = JSON.readTree(json);
		com.fasterxml.jackson.databind.node.ObjectNode container = (com.fasterxml.jackson.databind.node.ObjectNode) tree
			.at("/spec/template/spec/containers/0");
		container.remove("image");
		com.fasterxml.jackson.databind.node.ArrayNode env = (com.fasterxml.jackson.databind.node.ArrayNode) container
			.get("env");
		for (int i = env.size() - 1; i >= 0; i--) {
			if (env.get(i).path("name").asText().equals("SPRING_PROFILES_ACTIVE")) {
				env.remove(i);
			}
		}
		return tree;
	}

	private static String path(Probe probe) {
		assertThat(probe).isNotNull();
		assertThat(probe.getHttpGet()).isNotNull();
		return probe.getHttpGet().getPath();
	}

	private static Map<String, java.math.BigDecimal> amounts(Map<String, Quantity> quantities) {
		Map<String, java.math.BigDecimal> amounts = new TreeMap<>();
		quantities.forEach((name, quantity) -> amounts.put(name, Quantity.getAmountInBytes(quantity)));
		return amounts;
	}

	private static <T extends HasMetadata> T object(String variant, String key, Class<T> type) {
		Rendered rendered = RENDERED.get(variant).get(key);
		assertThat(rendered).as(variant + ": " + key).isNotNull();
		return type.cast(rendered.object());
	}

	private static List<JsonNode> documents(Path file) throws IOException {
		List<JsonNode> documents = new ArrayList<>();
		try (MappingIterator<JsonNode> iterator = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
			while (iterator.hasNext()) {
				JsonNode document = iterator.next();
				if (document != null && !document.isNull() && !document.isEmpty()) {
					documents.add(document);
				}
			}
		}
		return documents;
	}

	/**
	 * One object, strictly: a known kind, typed parsing, no field fabric8 does not know
	 * (anywhere in the tree), every quantity well formed, and the typed object written
	 * back equal to what was rendered.
	 */
	private static Rendered parse(String variant, JsonNode document) throws IOException {
		String apiVersion = document.path("apiVersion").asText();
		String kind = document.path("kind").asText();
		Class<? extends HasMetadata> type = KINDS.get(apiVersion + "/" + kind);
		String where = variant + ": " + apiVersion + " " + kind + " " + document.path("metadata").path("name").asText();
		if (type == null) {
			fail(where + ": not a kind these manifests use (" + KINDS.keySet() + ")");
		}
		HasMetadata object;
		try {
			object = JSON.treeToValue(document, type);
		}
		catch (IOException ex) {
			throw new AssertionError(where + ": does not parse as " + type.getSimpleName() + ": " + ex.getMessage(),
					ex);
		}
		assertThat(object.getMetadata().getName()).as(where + ": name").isNotBlank();
		assertThat(object.getMetadata().getNamespace()).as(where + ": namespace")
			.isEqualTo(kind.equals("Namespace") ? null : "reactive-vs-loom");
		List<String> unknown = new ArrayList<>();
		walk(object, kind, unknown);
		assertThat(unknown).as(where + ": fields the Kubernetes model does not have").isEmpty();
		List<String> changed = new ArrayList<>();
		difference("", document, JSON.valueToTree(object), changed);
		assertThat(changed).as(where + ": what the typed round trip changed (a wrong type or a dropped field)")
			.isEmpty();
		return new Rendered(kind + "/" + object.getMetadata().getName(), object, document);
	}

	/**
	 * Where two trees differ; numbers compare by value (YAML's 30 and the model's long 30
	 * are the same), everything else exactly.
	 */
	private static void difference(String path, JsonNode rendered, JsonNode typed, List<String> changed) {
		if (rendered.isNumber() && typed.isNumber()) {
			if (rendered.decimalValue().compareTo(typed.decimalValue()) != 0) {
				changed.add(path + ": " + rendered + " became " + typed);
			}
			return;
		}
		if (rendered.getNodeType() != typed.getNodeType()) {
			changed.add(path + ": " + rendered + " became " + typed);
			return;
		}
		if (rendered.isObject()) {
			java.util.Set<String> names = new java.util.TreeSet<>();
			rendered.fieldNames().forEachRemaining(names::add);
			typed.fieldNames().forEachRemaining(names::add);
			for (String name : names) {
				JsonNode a = rendered.get(name);
				JsonNode b = typed.get(name);
				if (a == null || b == null) {
					changed.add(path + "." + name + ": " + ((a == null) ? "added " + b : "dropped " + a));
				}
				else {
					difference(path + "." + name, a, b, changed);
				}
			}
		}
		else if (rendered.isArray()) {
			if (rendered.size() != typed.size()) {
				changed.add(path + ": " + rendered.size() + " items became " + typed.size());
				return;
			}
			for (int i = 0; i < rendered.size(); i++) {
				difference(path + "[" + i + "]", rendered.get(i), typed.get(i), changed);
			}
		}
		else if (!rendered.equals(typed)) {
			changed.add(path + ": " + rendered + " became " + typed);
		}
	}

	/**
	 * Every model object in the tree: its additional properties (fields the model does
	 * not know) and its quantities.
	 */
	private static void walk(Object node, String path, List<String> unknown) {
		if (node == null) {
			return;
		}
		if (node instanceof Collection<?> collection) {
			int i = 0;
			for (Object item : collection) {
				walk(item, path + "[" + i++ + "]", unknown);
			}
			return;
		}
		if (node instanceof Map<?, ?> map) {
			map.forEach((key, value) -> walk(value, path + "." + key, unknown));
			return;
		}
		if (node instanceof Quantity quantity) {
			try {
				Quantity.getAmountInBytes(quantity);
			}
			catch (IllegalArgumentException | ArithmeticException ex) {
				unknown.add(path + ": not a quantity: " + quantity);
			}
			return;
		}
		if (!node.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
			return;
		}
		for (Method getter : node.getClass().getMethods()) {
			if (getter.getParameterCount() != 0 || Modifier.isStatic(getter.getModifiers())
					|| !getter.getName().startsWith("get") || getter.getDeclaringClass() == Object.class) {
				continue;
			}
			Object value;
			try {
				value = getter.invoke(node);
			}
			catch (IllegalAccessException | InvocationTargetException ex) {
				continue;
			}
			if (getter.getName().equals("getAdditionalProperties")) {
				if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
					unknown.add(path + ": " + extra.keySet());
				}
				continue;
			}
			walk(value, path + "." + getter.getName().substring(3), unknown);
		}
	}

	/**
	 * One rendered object.
	 *
	 * @param key kind/name
	 * @param object the typed object
	 * @param tree as rendered
	 */
	record Rendered(String key, HasMetadata object, JsonNode tree) {

		Rendered {
			Objects.requireNonNull(key);
		}

	}

}
