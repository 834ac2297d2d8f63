package dev.rvl.loom.partner;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.ImportSelector;
import org.springframework.core.type.AnnotationMetadata;

/**
 * {@code partner.fan-out=structured}: the partner client whose fan-out is
 * {@code StructuredTaskScope} (JEP 505, a preview API in JDK 25) instead of
 * {@link dev.rvl.loom.concurrent.FanOut}, in place of {@link PartnerClient} (which steps
 * aside for any value but {@code executor}, the default).
 * <p>
 * That client ({@code partner/structured}) is compiled apart, for JDK 25 with
 * {@code --enable-preview} (loom-app's pom.xml), and such a class loads only on JDK 25
 * started with {@code --enable-preview}. So it is imported by name, only when the setting
 * is on: no other code refers to it, and with the default setting it is never loaded and
 * the app needs no preview features.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "partner.fan-out", havingValue = "structured")
@Import(StructuredFanOutConfiguration.ByName.class)
class StructuredFanOutConfiguration {

	static final String CLIENT = "dev.rvl.loom.partner.structured.StructuredPartnerClient";

	/**
	 * Imports the structured client by its name, after loading it once to say plainly
	 * what is missing when it cannot be loaded.
	 */
	static final class ByName implements ImportSelector {

		@Override
		public String[] selectImports(AnnotationMetadata metadata) {
			try {
				Class.forName(CLIENT, false, ByName.class.getClassLoader());
			}
			catch (ClassNotFoundException | UnsupportedClassVersionError ex) {
				throw new IllegalStateException("partner.fan-out=structured needs the app built on JDK 25 and run on "
						+ "JDK 25 with --enable-preview (StructuredTaskScope is a preview API); this is "
						+ Runtime.version() + ": " + ex, ex);
			}
			return new String[] { CLIENT };
		}

	}

}
