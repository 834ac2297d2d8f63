package dev.rvl.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The contenders: the same order flow on WebFlux, on virtual threads, and on a classic
 * 200-thread Tomcat pool (the {@code platform} profile of the Loom app).
 */
enum Variant {

	REACTIVE("reactive-app", null, "Spring WebFlux on Netty, Reactor, R2DBC (r2dbc-pool), WebClient"),

	LOOM("loom-app", null, "Spring MVC on Tomcat with virtual threads, JDBC (HikariCP), RestClient"),

	PLATFORM("loom-app", "platform",
			"the Loom app on a classic 200-thread Tomcat pool (profile platform): the baseline");

	private final String module;

	private final String profile;

	private final String description;

	Variant(String module, String profile, String description) {
		this.module = module;
		this.profile = profile;
		this.description = description;
	}

	String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	String module() {
		return this.module;
	}

	/** The Spring profile, or {@code null}. */
	String profile() {
		return this.profile;
	}

	String description() {
		return this.description;
	}

	/** The arguments that differ from variant to variant (the profile). */
	List<String> ownArguments() {
		List<String> arguments = new ArrayList<>();
		if (this.profile != null) {
			arguments.add("--spring.profiles.active=" + this.profile);
		}
		return arguments;
	}

	static Variant of(String id) {
		for (Variant variant : values()) {
			if (variant.id().equals(id.strip().toLowerCase(Locale.ROOT))) {
				return variant;
			}
		}
		throw new IllegalArgumentException("Unknown variant '" + id + "' (reactive, loom, platform)");
	}

}
