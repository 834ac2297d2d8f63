#!/bin/sh
# Regenerates every committed artifact of the readability comparison, in order:
#   1. docs/stacktraces/*.txt and docs/debugging/*: captured again from each app's
#      StackTraceCaptureTests and DebuggingCaptureTests (real requests;
#      -Dreadability.capture=true), unless --skip-traces;
#   2. docs/feature-change*/*.patch: their context refreshed (refresh-feature-change.sh);
#   3. docs/readability.html, docs/readability-findings.md and the README's readability
#      section between its markers (ReadabilityReport);
#   4. docs/readability.png: a screenshot of the page, when Chromium is installed.
# `./mvnw verify` fails when any of 1-3 is stale, naming this command; commit them with the
# change that made them so. Builds what it needs in the reactor (package, nothing installed).
set -eu
cd "$(dirname "$0")/.."
traces=yes
for arg in "$@"; do
	case "$arg" in
		--skip-traces) traces=no ;;
		*) echo "usage: $0 [--skip-traces]" >&2; exit 2 ;;
	esac
done
if [ "$traces" = yes ]; then
	./mvnw -B -q -pl reactive-app,loom-app -am package -DskipITs -Dtest='StackTraceCaptureTests,DebuggingCaptureTests' \
		-Dsurefire.failIfNoSpecifiedTests=false -Dreadability.capture=true
fi
./readability/refresh-feature-change.sh
./mvnw -B -q -pl readability compile exec:java -Dexec.mainClass=dev.rvl.readability.ReadabilityReport
./readability/screenshot.sh
