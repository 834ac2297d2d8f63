#!/usr/bin/env bash
# CI's benchmark gate, without Maven: runs `bench/compare.sh --quick --no-build` (the tests have built everything)
# once and passes only when the runner exited 0 AND wrote a complete report (index.html, summary.json, summary.md)
# whose summary.json says VALID. Any other outcome fails, with the reason.
#
#   bench/quick-check.sh [more compare.sh options]     # e.g. --variants reactive
#
# Exit code: 0 valid report; 5 a complete report NOT VALID because of the machine alone (every reason the
# hypervisor stealing CPU or processes outside the benchmark, or the stub or Gatling late in a step where that
# happened: BenchMain verdict decides, from summary.json's findings); otherwise compare.sh's code (1 NOT VALID, 2 failed, 64 usage), or 3 when the runner claimed success
# but the report on disk does not back it up. .ci/run accepts 5, loudly: on a shared VM whose neighbours took
# the CPU, NOT VALID is the right verdict, and running again would cost CI minutes for the neighbours to decide.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${BENCH_QUICK_OUT:-$ROOT/bench/results/quick}
mkdir -p "$OUT"

. "$ROOT/.mvn/select-jdk.sh"
before=$(ls -1 "$OUT" 2>/dev/null | sort)
start=$(date +%s)
"$ROOT/bench/compare.sh" --no-build --quick --out "$OUT" "$@"
rc=$?
wall=$(( $(date +%s) - start ))
report=$(comm -13 <(echo "$before") <(ls -1 "$OUT" | sort) | tail -n 1)
report_dir=$OUT/$report
echo "quick-check: compare.sh exited $rc after ${wall}s; report: ${report:+$report_dir}"
if [ -z "$report" ] || [ ! -d "$report_dir" ]; then
	echo "quick-check: FAILED - no report was written" >&2
	exit $(( rc == 0 ? 3 : rc ))
fi
for file in index.html summary.json summary.md; do
	[ -s "$report_dir/$file" ] || {
		echo "quick-check: FAILED - $file is missing (compare.sh exited $rc)" >&2
		exit $(( rc == 0 ? 3 : rc ))
	}
done
verdict=$("${JAVA_HOME}/bin/java" -cp "$ROOT/bench/target/classes:$(cat "$ROOT/bench/target/bench-classpath.txt")" \
	dev.rvl.bench.BenchMain verdict "$report_dir/summary.json" 2>&1)
valid=$?
echo "quick-check: $verdict"
if [ "$rc" -eq 1 ] && [ "$valid" -eq 5 ]; then
	echo "quick-check: NOT VALID because of the machine alone - the run, the report and the harness check worked;" \
		"see $report_dir/summary.md" >&2
	exit 5
fi
if [ "$rc" -ne 0 ]; then
	echo "quick-check: FAILED (exit $rc); see $report_dir/summary.md" >&2
	exit "$rc"
fi
if [ "$valid" != 0 ]; then
	echo "quick-check: FAILED - exit 0 but summary.json says: $verdict" >&2
	exit 3
fi
echo "quick-check: VALID report in ${wall}s: $report_dir/index.html"
