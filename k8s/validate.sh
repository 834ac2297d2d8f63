#!/usr/bin/env bash
# Validates the Kubernetes manifests offline (CI calls it; no cluster, no schema download at run time):
#
#   1. kustomize (pinned, from the Go module proxy, built once into ~/.cache/reactive-vs-loom/go/bin)
#      renders k8s/overlays/{reactive,loom,platform} into k8s/target/rendered/<variant>.yaml;
#   2. ManifestsTests (k8s/pom.xml, fabric8's Kubernetes model from Maven Central) parses every
#      rendered object strictly into its typed class and checks the comparison's rules: identical
#      requests = limits for the three apps, actuator readiness/liveness probes, one suspended Gatling
#      Job per variant against its own Service, shared objects rendered identically.
#
# Exit status non-zero on any invalid object or broken rule. Needs Go (>= 1.24) and a JDK >= 21.
set -euo pipefail

K8S=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$K8S")
KUSTOMIZE_VERSION=v5.8.1
BIN=${XDG_CACHE_HOME:-$HOME/.cache}/reactive-vs-loom/go/bin
KUSTOMIZE=$BIN/kustomize

if ! [ -x "$KUSTOMIZE" ] || ! "$KUSTOMIZE" version 2>/dev/null | grep -q "$KUSTOMIZE_VERSION"; then
	command -v go >/dev/null 2>&1 || { echo "k8s: go is needed to install kustomize $KUSTOMIZE_VERSION" >&2; exit 2; }
	echo "k8s: installing kustomize $KUSTOMIZE_VERSION (go install, Go module proxy)"
	mkdir -p "$BIN"
	GOFLAGS=-mod=mod GOTOOLCHAIN=local GOBIN="$BIN" go install "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION"
fi

RENDERED=$K8S/target/rendered
rm -rf "$RENDERED"
mkdir -p "$RENDERED"
for variant in reactive loom platform; do
	if ! "$KUSTOMIZE" build "$K8S/overlays/$variant" >"$RENDERED/$variant.yaml"; then
		echo "k8s: INVALID: kustomize build k8s/overlays/$variant failed" >&2
		exit 1
	fi
	echo "k8s: rendered overlays/$variant ($(grep -c '^kind:' "$RENDERED/$variant.yaml") objects)"
done

# The typed parsing and the rules; the wrapper picks the JDK.
cd "$ROOT"
if ! ./mvnw -B -ntp -q -f k8s/pom.xml test -Dk8s.rendered="$RENDERED" -Dsurefire.printSummary=true; then
	echo "k8s: INVALID (see the test output above)" >&2
	exit 1
fi
echo "k8s: ok (kustomize $KUSTOMIZE_VERSION, every object parsed by fabric8's model $(sed -n 's:.*<fabric8-kubernetes.version>\(.*\)</fabric8-kubernetes.version>.*:\1:p' pom.xml))"
