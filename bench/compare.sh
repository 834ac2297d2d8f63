#!/usr/bin/env bash
# Runs the comparison of reactive-app, loom-app and its platform profile under the same load and writes
# bench/results/<timestamp>/index.html (+ summary.json, summary.md).
#
#   bench/compare.sh [--no-build] [--quick] [--preset standard|slow-partner|fast-partner] [--variants reactive,loom,platform] ...
#   bench/compare.sh --target reactive=URL --target loom=URL --target platform=URL --stub-url URL --jdbc-url URL ...
#                    (apps started elsewhere: their figures from their /actuator/prometheus; see bench/README.md)
#
# --help and option errors are answered at once on a built tree (before any build). Otherwise it builds once
# with Maven (only the modules the chosen variants need, module by module on the terminal) unless --no-build,
# then runs the runner (dev.rvl.bench.BenchMain) on a JDK >= 21 with the bench module's classpath: no Maven
# per variant.
# Exit code: 0 valid report, 1 report written but NOT VALID (harness bottleneck), 2 run failed, 64 usage.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=../.mvn/select-jdk.sh
. "$ROOT/.mvn/select-jdk.sh"
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
CLASSPATH_FILE="$ROOT/bench/target/bench-classpath.txt"

runner() {
	"$JAVA" -Xms64m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto \
		-cp "$ROOT/bench/target/classes:$(cat "$CLASSPATH_FILE")" dev.rvl.bench.BenchMain --root "$ROOT" "$@"
}

build=1
variants=reactive,loom,platform
remote=0
args=()
help=0
while [ $# -gt 0 ]; do
	case "$1" in
	--no-build) build=0 ;;
	--target) remote=1; args+=("$1") ;;
	--help | -h) help=1 ;;
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

built=0
[ -f "$CLASSPATH_FILE" ] && [ -d "$ROOT/bench/target/classes" ] && built=1

if [ "$built" = 1 ]; then
	if [ "$help" = 1 ]; then
		runner --help
		exit 0
	fi
	# Option errors before a build that could take minutes.
	runner --validate ${args[@]+"${args[@]}"}
elif [ "$help" = 1 ]; then
	echo "compare.sh: the runner is not built yet; building it first to show its options"
fi

if [ "$build" = 1 ]; then
	modules=partner-stub,gatling,bench
	case ",$variants," in *,reactive,*) modules=$modules,reactive-app ;; esac
	case ",$variants," in *,loom,* | *,platform,*) modules=$modules,loom-app ;; esac
	# --target: the apps and the stub run elsewhere; only Gatling and the runner are needed here
	[ "$remote" = 1 ] && modules=gatling,bench
	echo "compare.sh: building $modules (./mvnw -B install -DskipTests -pl $modules -am)"
	if ! (cd "$ROOT" && ./mvnw -B -ntp install -DskipTests -pl "$modules" -am 2>&1) |
		{ grep --line-buffered -E '^\[INFO\] Building [a-z]|^\[INFO\] BUILD|^\[ERROR\]' || true; } |
		sed -u 's/^\[INFO\] /compare.sh:   /'; then
		echo "compare.sh: the build failed" >&2
		exit 2
	fi
fi

if [ ! -f "$CLASSPATH_FILE" ]; then
	echo "compare.sh: $CLASSPATH_FILE is missing: build first (run without --no-build)" >&2
	exit 2
fi
if [ "$help" = 1 ]; then
	runner --help
	exit 0
fi

exec "$JAVA" -Xms64m -Xmx512m -XX:+UseSerialGC \
	-cp "$ROOT/bench/target/classes:$(cat "$CLASSPATH_FILE")" \
	dev.rvl.bench.BenchMain --root "$ROOT" ${args[@]+"${args[@]}"}
