#!/usr/bin/env bash
# Runs the comparison of reactive-app, loom-app and its platform profile under the same load and writes
# bench/results/<timestamp>/index.html (+ summary.json, summary.md).
#
#   bench/compare.sh [--no-build] [--quick] [--preset standard|slow-partner|fast-partner] [--variants reactive,loom,platform] ...
#
# Builds once with Maven (only the modules the chosen variants need) unless --no-build, then runs the runner
# (dev.rvl.bench.BenchMain) on a JDK >= 21 with the bench module's classpath: no Maven per variant.
# Exit code: 0 valid report, 1 report written but NOT VALID (harness bottleneck), 2 run failed, 64 usage.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=../.mvn/select-jdk.sh
. "$ROOT/.mvn/select-jdk.sh"
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java

build=1
variants=reactive,loom,platform
args=()
while [ $# -gt 0 ]; do
	case "$1" in
	--no-build) build=0 ;;
	--variants)
		[ $# -ge 2 ] || { echo "--variants needs a value" >&2; exit 64; }
		variants=$2
		args+=("$1" "$2")
		shift
		;;
	*) args+=("$1") ;;
	esac
	shift
done

if [ "$build" = 1 ]; then
	modules=partner-stub,gatling,bench
	case ",$variants," in *,reactive,*) modules=$modules,reactive-app ;; esac
	case ",$variants," in *,loom,* | *,platform,*) modules=$modules,loom-app ;; esac
	echo "compare.sh: building $modules (./mvnw -q -B install -DskipTests -pl $modules -am)"
	(cd "$ROOT" && ./mvnw -q -B install -DskipTests -pl "$modules" -am)
fi

CLASSPATH_FILE="$ROOT/bench/target/bench-classpath.txt"
if [ ! -f "$CLASSPATH_FILE" ]; then
	echo "compare.sh: $CLASSPATH_FILE is missing: build first (run without --no-build)" >&2
	exit 2
fi

exec "$JAVA" -Xms64m -Xmx512m -XX:+UseSerialGC \
	-cp "$ROOT/bench/target/classes:$(cat "$CLASSPATH_FILE")" \
	dev.rvl.bench.BenchMain --root "$ROOT" ${args[@]+"${args[@]}"}
