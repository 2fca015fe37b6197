#!/usr/bin/env bash
# Runs WoteKit's benchmarks (issue 6) against the reference server on loopback and prints the report:
# the machine, a Markdown table per benchmark, the figures with their goals, then one
# `FIGURE name=value` line per figure.
#
# Usage: scripts/bench.sh [--quick]
#                         [--only overhead,inprocess,burst,steady,launch,memory,transport,ahc-overhead,feed-print]
#                         [--output FILE]
#   --quick        small counts, to check that everything runs (figures not meaningful)
#   --only LIST    run a subset; `--only ahc-overhead` runs issue 26's comparison alone: WoteKit over
#                  AsyncHTTPClientTransport against bare AsyncHTTPClient (`ahc_overhead_*` figures,
#                  about a minute once built); `--only feed-print` runs the release `wote` on a hostile 8 MiB
#                  feed of tiny entries (security review N6, `feed_print_8mib_*` figures), served by the
#                  benchmark itself: no reference server is built or started for it alone
#   --output FILE  also write the report to FILE
#
# Builds the release server (Server/) and the benchmark (Benchmarks/), starts one
# `wote-server --port 0 --test-hooks --no-access-log` on a free loopback port, stops it on exit.
# Takes about four minutes on two cores once built (the first release build of the server takes
# some five more).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bench_args=()
output=""
only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) bench_args+=(--quick) ;;
        --only) bench_args+=(--only "$2"); only=$2; shift ;;
        --output) output=$2; shift ;;
        *) echo "bench: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# feed-print alone needs no reference server: it serves its own hostile feed.
needs_server=1
if [ "$only" = "feed-print" ]; then needs_server=""; fi

echo "bench: building the release server and the benchmark…" >&2
if [ -n "$needs_server" ]; then swift build -c release --package-path "$root/Server" --product wote-server >&2; fi
# WOTE_BENCH_NO_ASYNC_HTTP_CLIENT=1 leaves the AsyncHTTPClient transport out (a build of its own).
bench_build=(-c release --package-path "$root/Benchmarks")
if [ -n "${WOTE_BENCH_NO_ASYNC_HTTP_CLIENT:-}" ]; then bench_build+=(--scratch-path "$root/Benchmarks/.build-noahc"); fi
swift build "${bench_build[@]}" --product wote-bench >&2
# The release `wote` for feed-print: the SDK package's product, built beside the benchmark.
swift build "${bench_build[@]}" --product wote >&2
bench_bin=$(swift build "${bench_build[@]}" --show-bin-path)/wote-bench
bench_args+=(--wote "$(swift build "${bench_build[@]}" --show-bin-path)/wote")

# The test hooks answer only calls that carry this secret (issue 47, N7); every hook client here
# (the end-to-end tests, `wote demo`, wote-bench) reads it from the same variable.
export WOTE_TEST_HOOKS_SECRET="${WOTE_TEST_HOOKS_SECRET:-$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')}"
port=1
if [ -n "$needs_server" ]; then
    server_bin=$(swift build -c release --package-path "$root/Server" --show-bin-path)/wote-server
    "$server_bin" --port 0 --test-hooks --no-access-log > "$work/server.out" 2> "$work/server.log" &
    server_pid=$!
    for _ in $(seq 1 200); do
        [ -s "$work/server.out" ] && break
        if ! kill -0 "$server_pid" 2>/dev/null; then
            echo "bench: the server exited; its log:" >&2
            cat "$work/server.log" >&2
            exit 1
        fi
        sleep 0.05
    done
    port=$(sed -n '1s/.*"port":\([0-9][0-9]*\).*/\1/p' "$work/server.out")
    [ -n "$port" ] || { echo "bench: no listening line from the server" >&2; exit 1; }
    echo "bench: server on port $port (pid $server_pid)" >&2
fi

{
    echo "### Machine"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), nproc $(nproc)"
    echo "- memory: $(free -h | awk '/^Mem:/ {print $2 " total, " $7 " available"}')"
    echo "- $(swift --version 2>/dev/null | head -1)"
    echo "- load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
} > "$work/report.md"

status=0
"$bench_bin" --server "http://127.0.0.1:$port" "${bench_args[@]}" > "$work/bench.md" || status=$?
# The FIGURE lines stay last: the load line goes before them.
{
    cat "$work/report.md"
    grep -v '^FIGURE ' "$work/bench.md"
    echo "- load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    grep '^FIGURE ' "$work/bench.md" || true
} > "$work/final.md"
cat "$work/final.md"
[ -z "$output" ] || cp "$work/final.md" "$output"
exit "$status"
