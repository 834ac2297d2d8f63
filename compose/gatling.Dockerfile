# The load generator's image: the gatling module's compiled simulations and their dependencies on the
# JRE every service uses. Like compose/Dockerfile it runs no Maven: `./mvnw -B install -DskipTests`
# has compiled target/test-classes and copied the dependencies into target/container-lib. Used by the
# `gatling` service of compose.yaml and the Gatling Jobs of k8s/.
#
# Environment: BASE_URL (the app), SIMULATION (a class of dev.rvl.gatling), GATLING_PROPERTIES (its -D
# system properties, see gatling/README.md). Reports go to /results.

ARG JRE_IMAGE=eclipse-temurin:25-jre

FROM ${JRE_IMAGE}
WORKDIR /gatling
RUN groupadd --system gatling && useradd --system --gid gatling --home-dir /gatling --no-create-home gatling \
	&& mkdir /results && chown gatling:gatling /results /gatling
COPY target/container-lib/ lib/
COPY target/test-classes/ classes/
USER gatling
# The runner's Gatling JVM flags (bench GatlingRun): gatling-maven-plugin's defaults with a fixed heap.
ENV JAVA_OPTS="-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxInlineLevel=20 -XX:MaxTrivialSize=12 --enable-native-access=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow" \
	BASE_URL=http://reactive-app:8081 \
	SIMULATION=dev.rvl.gatling.StairsSimulation \
	GATLING_PROPERTIES=""
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -DbaseUrl=$BASE_URL -Dbench.timeseries=/results/timeseries.csv $GATLING_PROPERTIES -cp '/gatling/classes:/gatling/lib/*' io.gatling.app.Gatling -s $SIMULATION -rf /results"]
