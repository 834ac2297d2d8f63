#!/bin/sh
# Regenerates the readability comparison from the current sources: refreshes the context of the
# feature-change patches (docs/feature-change), then writes docs/readability.html and
# docs/readability-findings.md. `./mvnw verify` fails when any of them is stale; commit them with
# the change that made them so. The stack traces (docs/stacktraces) come from running the apps:
# ./readability/capture-stacktraces.sh.
set -eu
cd "$(dirname "$0")/.."
./readability/refresh-feature-change.sh
exec ./mvnw -B -q -pl readability compile exec:java -Dexec.mainClass=dev.rvl.readability.ReadabilityReport
