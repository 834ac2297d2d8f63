#!/usr/bin/env bash
# Publishes a comparison's results into the repository: keeps <results dir>/summary.json (without its
# per-second series) as docs/results/<name>.json and regenerates the README's table between
# <!-- results:<name>:begin --> and <!-- results:<name>:end --> from it. The bench tests fail when a README
# table and its committed summary disagree, so tables are never copied by hand.
#
#   bench/publish.sh bench/results/20261123-101500 standard
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=../.mvn/select-jdk.sh
. "$ROOT/.mvn/select-jdk.sh"
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
CLASSPATH_FILE="$ROOT/bench/target/bench-classpath.txt"
[ -f "$CLASSPATH_FILE" ] || (cd "$ROOT" && ./mvnw -q -B install -DskipTests -pl bench -am)
exec "$JAVA" -cp "$ROOT/bench/target/classes:$(cat "$CLASSPATH_FILE")" dev.rvl.bench.BenchMain publish --root "$ROOT" "$@"
