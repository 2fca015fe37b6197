#!/usr/bin/env bash
# Runs the unit tests under ThreadSanitizer and fails on any report.
#
#   scripts/tsan.sh                  # every test target except EndToEndTests
#   TSAN_SKIP='EndToEndTests|Slow' scripts/tsan.sh
#   scripts/tsan.sh --filter SessionTests   # extra arguments go to `swift test`
#
# The build has its own scratch path (.build-tsan, gitignored) so it never invalidates the
# normal .build. A cold build takes several minutes on a 2-core machine.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

scratch="${TSAN_SCRATCH:-.build-tsan}"
# End-to-end tests talk to a live reference server; they are not unit tests.
skip="${TSAN_SKIP:-EndToEndTests}"
log_dir="$scratch/logs"
mkdir -p "$log_dir"
stamp="$(date +%Y%m%d-%H%M%S)"
log="$log_dir/tsan-$stamp.log"
# Reports go to files (<prefix>.<pid>), so that those of subprocesses, such as the `wote` binary
# the terminal front's tests run, are counted too, not only the test runner's.
report_prefix="$root/$log_dir/report-$stamp"

# halt_on_error=0: report every race, not only the first; the process then exits with 66.
# second_deadlock_stack=1: full stacks for lock-order reports.
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0 exitcode=66 second_deadlock_stack=1 history_size=4} log_path=$report_prefix"

echo "tsan: building and running unit tests (scratch $scratch, skipping /$skip/); log: $log"
start=$(date +%s)
set +e
# One test at a time: under ThreadSanitizer on two cores, hundreds of tests at once (and the terminal
# front's tests, each starting a sanitized `wote` process) starved the loopback exchanges for more
# than their 10-s time-outs. Races inside each test are still caught; it takes about two minutes.
swift test --sanitize=thread --scratch-path "$scratch" --skip "$skip" --no-parallel "$@" >"$log" 2>&1
status=$?
set -e
elapsed=$(( $(date +%s) - start ))

report_files=("$report_prefix".*)
[[ -e "${report_files[0]}" ]] || report_files=()
reports=$(cat "$log" "${report_files[@]}" | grep -c '^WARNING: ThreadSanitizer' || true)
summary=$(grep -E '(Test run with [0-9]+ tests|Executed [0-9]+ tests)' "$log" | tail -n 3 || true)
[[ -n "$summary" ]] && echo "$summary"
echo "tsan: exit status $status, $reports ThreadSanitizer report(s), ${elapsed}s"

if (( reports > 0 )); then
    echo "tsan: FAILED: ThreadSanitizer reports (first lines of each):"
    cat "$log" "${report_files[@]}" | grep -A 12 '^WARNING: ThreadSanitizer' | head -n 200
    echo "tsan: full log: $log; reports: ${report_files[*]}"
    exit 1
fi
if (( status != 0 )); then
    echo "tsan: FAILED: swift test exited with $status; last lines:"
    tail -n 40 "$log"
    echo "tsan: full log: $log"
    exit 1
fi
echo "tsan: OK"
