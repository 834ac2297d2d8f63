#!/usr/bin/env bash
# Schemathesis, an OpenAPI fuzzer, against the packaged apps: reactive, loom and loom in the platform
# profile, each for a bounded time, with every check (status codes, content types, headers and bodies
# against the description, positive data accepted, negative data rejected, no 5xx, Allow headers) and
# the stateful phase, from a fixed seed. Run by .ci/run after ./mvnw verify (which builds the jars and
# writes the classpath this needs); exits non-zero when Schemathesis finds anything.
#
#   contract-tests/schemathesis/run.sh [seconds per app, default 75]
#
# Installs Schemathesis from PyPI into a virtualenv of its own (SCHEMATHESIS_VENV, default
# ~/.cache/reactive-vs-loom/schemathesis-<version>); the apps, the partner stub and PostgreSQL run on
# 127.0.0.1 only, started and stopped by dev.rvl.contract.SchemathesisRun (the contract suite's own
# process helpers); a trap stops it, and with it everything it started, however this script ends.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/contract-tests/schemathesis"
SECONDS_PER_APP=${1:-75}
VERSION=4.32.5
VENV=${SCHEMATHESIS_VENV:-$HOME/.cache/reactive-vs-loom/schemathesis-$VERSION}

# shellcheck source=../../.mvn/select-jdk.sh
. "$ROOT/.mvn/select-jdk.sh"
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java

if [ ! -x "$VENV/bin/schemathesis" ]; then
	echo "schemathesis: installing schemathesis==$VERSION into $VENV"
	python3 -m venv "$VENV"
	"$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION"
fi
"$VENV/bin/schemathesis" --version

CLASSPATH_FILE="$ROOT/contract-tests/target/contract-classpath.txt"
for file in "$CLASSPATH_FILE" "$ROOT"/reactive-app/target/reactive-app-*.jar "$ROOT"/loom-app/target/loom-app-*.jar; do
	if [ ! -f "$file" ]; then
		echo "schemathesis: $file is missing: build first (./mvnw -B verify, or package -DskipTests)" >&2
		exit 2
	fi
done

runner=""
stop() {
	if [ -n "$runner" ] && kill -0 "$runner" 2>/dev/null; then
		kill -TERM "$runner" 2>/dev/null || true
		wait "$runner" 2>/dev/null || true
	fi
}
trap stop EXIT INT TERM

"$JAVA" -Xmx256m -cp "$ROOT/contract-tests/target/classes:$(cat "$CLASSPATH_FILE")" \
	dev.rvl.contract.SchemathesisRun \
	--schemathesis "$VENV/bin/schemathesis" --config "$HERE/schemathesis.toml" --hooks "$HERE" \
	--seconds "$SECONDS_PER_APP" --reports "$ROOT/contract-tests/target/schemathesis" \
	--reactive-jar "$(ls "$ROOT"/reactive-app/target/reactive-app-*.jar | grep -v -e sources -e original | head -n 1)" \
	--loom-jar "$(ls "$ROOT"/loom-app/target/loom-app-*.jar | grep -v -e sources -e original | head -n 1)" &
runner=$!
status=0
wait "$runner" || status=$?
runner=""
exit "$status"
