#!/bin/sh
# Captures the stack traces the readability page compares, from each app's StackTraceCaptureTests
# (a partner timeout and a constraint violation, over real requests; the reactive app also with
# Hooks.onOperatorDebug() and ReactorDebugAgent), rewrites docs/stacktraces/*.txt, then
# regenerates the page. Those tests fail in `./mvnw verify` when the committed traces are stale.
# Needs the modules installed once: ./mvnw -B install -DskipTests
set -eu
cd "$(dirname "$0")/.."
./mvnw -B -q -pl reactive-app,loom-app test -Dtest=StackTraceCaptureTests -Dsurefire.failIfNoSpecifiedTests=false \
	-Dreadability.capture=true
exec ./readability/generate.sh
