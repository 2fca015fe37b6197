#!/usr/bin/env bash
# Runs WoteKit's benchmarks (issue 6) against the reference server on loopback and prints the report:
# the machine, a Markdown table per benchmark, the figures with their goals, then one
# `FIGURE name=value` line per figure.
#
# Usage: scripts/bench.sh [--quick]
#                         [--only overhead,inprocess,burst,steady,launch,memory,transport,ahc-overhead,feed-print]
#                         [--output FILE]
#   --quick        small counts, to check that everything runs (figures not meaningful)
#   --only LIST    run a subset; `--only ahc-overhead` runs issues 26 and 49's comparison alone: WoteKit
#                  over AsyncHTTPClientTransport against bare AsyncHTTPClient's future and async APIs,
#                  9 rounds on fresh clients, the sides taking turns within each round, every figure a
#                  median over the turns (`ahc_overhead_*` figures, about a minute and a quarter once
#                  built); `--only feed-print` runs the release `wote` on a hostile 8 MiB
#                  feed of tiny entries (security review N6, `feed_print_8mib_*` figures), served by the
#                  benchmark itself: no reference server is built or started for it alone
#   --output FILE  also write the report to FILE
#
#        scripts/bench.sh --ab COMMIT [--rounds N] [--quick] --only LIST [--output FILE]
#   A/B mode (issue 49): today's benchmark against the same benchmark built from COMMIT, round by
#   round against one server, so that a regression shows as one ratio of one run. It makes (or
#   reuses) a git worktree of COMMIT in .build/ab/<12-digit sha> (ignored by git), builds that
#   commit's Benchmarks/ wote-bench in release there, builds today's, starts one release
#   wote-server (today's), then runs the two wote-bench binaries N times each (default 5), both
#   within each round, the side that starts alternating (today first in odd rounds), each with
#   `--only LIST` (benchmarks both commits know, e.g. inprocess,ahc-overhead). It prints, per
#   figure both print: the median of today's runs, the median of COMMIT's, today/COMMIT of the
#   medians and the median (min–max) of the per-round ratios, then
#   `FIGURE ab_<figure>_today=…`, `ab_<figure>_base=…`, `ab_<figure>_ratio=…` (today/COMMIT of the
#   medians) and `ab_<figure>_delta=…` (today − COMMIT of the medians: the one to read for figures
#   that are differences, like the client CPU ones).
#   The worktree's harness gets one change: commits before issue 47 do not send the test hooks'
#   secret that today's server requires, so the script adds the `X-Wote-Test-Secret` header line
#   to the worktree's Benchmarks/Sources/wote-bench/ServerHooks.swift. The SDK sources of COMMIT
#   are built as they are. The first build of the worktree's Benchmarks/ is a whole release build
#   with AsyncHTTPClient (some 10 to 20 minutes on two cores); later runs reuse it.
#   Commits before issue 49 define `ahc_overhead_ratio_*` and `ahc_overhead_client_cpu_us_*`
#   against bare AsyncHTTPClient's async API (as ratios of totals); today those names are against
#   its future API and the async ones are `ahc_overhead_async_*`. Against such a commit the
#   script compares today's `ahc_overhead_async_*` with the commit's `ahc_overhead_*` (reported as
#   `ab_ahc_overhead_async_*`) and leaves today's future-API figures out of the A/B.
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
ab_commit=""
ab_rounds=5
ab_rounds_given=""
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) bench_args+=(--quick) ;;
        --only) bench_args+=(--only "$2"); only=$2; shift ;;
        --output) output=$2; shift ;;
        --ab) ab_commit=$2; shift ;;
        --rounds) ab_rounds=$2; ab_rounds_given=1; shift ;;
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

if [ -n "$ab_rounds_given" ] && [ -z "$ab_commit" ]; then
    echo "bench: --rounds goes with --ab (ahc-overhead's own rounds are fixed in wote-bench)" >&2
    exit 2
fi
if [ -n "$ab_commit" ]; then
    [ -n "$only" ] || { echo "bench: --ab needs --only LIST (benchmarks both commits know)" >&2; exit 2; }
    case "$ab_rounds" in '' | *[!0-9]* | 0) echo "bench: --rounds needs a positive number" >&2; exit 2 ;; esac
    ab_sha=$(git -C "$root" rev-parse --verify --quiet "$ab_commit^{commit}") \
        || { echo "bench: --ab $ab_commit is no commit" >&2; exit 2; }
    ab_dir="$root/.build/ab/${ab_sha:0:12}"
    if [ ! -e "$ab_dir/.git" ]; then
        echo "bench: making a worktree of ${ab_sha:0:12} in $ab_dir…" >&2
        mkdir -p "$root/.build/ab"
        # -f: a worktree once made here and since deleted with .build is still registered.
        git -C "$root" worktree add -f --detach "$ab_dir" "$ab_sha" >&2
    fi
    # Only the harness changes: the hook calls carry the secret today's server asks for (issue 47).
    hooks_file="$ab_dir/Benchmarks/Sources/wote-bench/ServerHooks.swift"
    if ! grep -q 'X-Wote-Test-Secret' "$hooks_file"; then
        awk '{ print }
            /forHTTPHeaderField: "Content-Type"\)/ && !done {
                print "        request.setValue(ProcessInfo.processInfo.environment[\"WOTE_TEST_HOOKS_SECRET\"] ?? \"\", forHTTPHeaderField: \"X-Wote-Test-Secret\")  // added by scripts/bench.sh --ab"
                done = 1
            }' "$hooks_file" > "$hooks_file.new"
        mv "$hooks_file.new" "$hooks_file"
        grep -q 'X-Wote-Test-Secret' "$hooks_file" \
            || { echo "bench: could not add the hooks' secret to $hooks_file" >&2; exit 1; }
    fi
fi

echo "bench: building the release server and the benchmark…" >&2
if [ -n "$needs_server" ]; then swift build -c release --package-path "$root/Server" --product wote-server >&2; fi
# WOTE_BENCH_NO_ASYNC_HTTP_CLIENT=1 leaves the AsyncHTTPClient transport out (a build of its own).
bench_build=(-c release --package-path "$root/Benchmarks")
if [ -n "${WOTE_BENCH_NO_ASYNC_HTTP_CLIENT:-}" ]; then bench_build+=(--scratch-path "$root/Benchmarks/.build-noahc"); fi
swift build "${bench_build[@]}" --product wote-bench >&2
bench_bin=$(swift build "${bench_build[@]}" --show-bin-path)/wote-bench
# The release `wote` for feed-print: the SDK package's product, built beside the benchmark.
if [ -z "$ab_commit" ] || [[ ",$only," == *",feed-print,"* ]]; then
    swift build "${bench_build[@]}" --product wote >&2
    bench_args+=(--wote "$(swift build "${bench_build[@]}" --show-bin-path)/wote")
fi
base_bin=""
if [ -n "$ab_commit" ]; then
    echo "bench: building ${ab_sha:0:12}'s benchmark…" >&2
    base_build=(-c release --package-path "$ab_dir/Benchmarks")
    if [ -n "${WOTE_BENCH_NO_ASYNC_HTTP_CLIENT:-}" ]; then
        base_build+=(--scratch-path "$ab_dir/Benchmarks/.build-noahc")
    fi
    swift build "${base_build[@]}" --product wote-bench >&2
    base_bin=$(swift build "${base_build[@]}" --show-bin-path)/wote-bench
    base_args=()
    for argument in "${bench_args[@]}"; do [ "$argument" = "--wote" ] && break; base_args+=("$argument"); done
fi

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

if [ -n "$ab_commit" ]; then
    dirty=""
    git -C "$root" diff --quiet HEAD 2>/dev/null || dirty=", with uncommitted changes"
    quick=""
    [[ " ${bench_args[*]} " == *" --quick "* ]] && quick=" --quick"
    echo "- A/B: today ($(git -C "$root" rev-parse --short=12 HEAD)$dirty) against ${ab_sha:0:12}," \
        "$ab_rounds rounds of \`wote-bench --only $only$quick\` each" >> "$work/report.md"
    echo >> "$work/report.md"
    status=0
    mkdir -p "$work/ab"
    for round in $(seq 1 "$ab_rounds"); do
        if [ $((round % 2)) -eq 1 ]; then order="today base"; else order="base today"; fi
        for side in $order; do
            echo "bench: round $round of $ab_rounds, $side…" >&2
            if [ "$side" = today ]; then
                "$bench_bin" --server "http://127.0.0.1:$port" "${bench_args[@]}" > "$work/ab/$side.$round.md" || status=$?
            else
                "$base_bin" --server "http://127.0.0.1:$port" "${base_args[@]}" > "$work/ab/$side.$round.md" || status=$?
            fi
            [ "$status" -eq 0 ] || { echo "bench: $side's wote-bench failed in round $round:" >&2; cat "$work/ab/$side.$round.md" >&2; exit "$status"; }
            sed -n "s/^FIGURE \([A-Za-z0-9_]*\)=\(.*\)$/$side $round \1 \2/p" "$work/ab/$side.$round.md" >> "$work/ab/figures"
        done
    done
    {
        cat "$work/report.md"
        echo "- load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
        echo
        python3 - "$work/ab/figures" "${ab_sha:0:12}" <<'PY'
import statistics
import sys

values = {}  # (side, figure) -> {round: value}
order = []
for line in open(sys.argv[1]):
    side, round_, name, value = line.split()
    try:
        number = float(value)
    except ValueError:
        continue
    values.setdefault((side, name), {})[int(round_)] = number
    if name not in order:
        order.append(name)
base_name = sys.argv[2]

def has(side, name):
    return (side, name) in values

# Before issue 49 the base's ahc_overhead_ratio_* and ahc_overhead_client_cpu_us_* were against
# bare AsyncHTTPClient's async API; today's counterparts are ahc_overhead_async_*.
pairs = []  # (reported name, today's figure, base's figure)
renamed = not has("base", "ahc_overhead_async_ratio_c1") and has("today", "ahc_overhead_async_ratio_c1")
for name in order:
    if renamed and name.startswith("ahc_overhead_async_"):
        old = "ahc_overhead_" + name[len("ahc_overhead_async_"):]
        if has("base", old):
            pairs.append((name, name, old))
        continue
    if renamed and (name.startswith("ahc_overhead_ratio_") or name.startswith("ahc_overhead_client_cpu_us_")):
        continue
    if has("today", name) and has("base", name):
        pairs.append((name, name, name))

def fmt(x):
    return f"{x:.4g}"

print(f"### A/B: today against {base_name}")
print()
print(f"| figure | today (median) | {base_name} (median) | today/{base_name} | today − {base_name} | per-round today/{base_name}: median (min–max) | rounds |")
print("|---|---|---|---|---|---|---|")
lines = []
for shown, today_name, base_figure in pairs:
    today = values[("today", today_name)]
    base = values[("base", base_figure)]
    today_median = statistics.median(today.values())
    base_median = statistics.median(base.values())
    ratio = today_median / base_median if base_median != 0 else None
    delta = today_median - base_median
    per_round = [today[r] / base[r] for r in sorted(today) if r in base and base[r] != 0]
    spread = (f"{fmt(statistics.median(per_round))} ({fmt(min(per_round))}–{fmt(max(per_round))})"
              if per_round else "n/a")
    label = shown if today_name == base_figure else f"{shown} (base: {base_figure})"
    shown_ratio = fmt(ratio) if ratio is not None else "n/a"
    print(f"| {label} | {fmt(today_median)} | {fmt(base_median)} | {shown_ratio} | {fmt(delta)} | {spread} | {len(today)}/{len(base)} |")
    lines += [f"FIGURE ab_{shown}_today={today_median:.6g}", f"FIGURE ab_{shown}_base={base_median:.6g}"]
    if ratio is not None:  # no ratio to a median of 0 (failures, for one)
        lines.append(f"FIGURE ab_{shown}_ratio={ratio:.6g}")
    lines.append(f"FIGURE ab_{shown}_delta={delta:.6g}")
print()
if renamed:
    print(f"- {base_name} predates the future-API comparison (issue 49): its ahc_overhead_ratio_* and "
          "ahc_overhead_client_cpu_us_* are against bare AsyncHTTPClient's async API (ratios of totals), so "
          "they are set against today's ahc_overhead_async_* (medians of per-round ratios); today's "
          "future-API figures have no counterpart there.")
only_today = [n for n in order if has("today", n) and not has("base", n) and not (renamed and (n.startswith("ahc_overhead_async_") or n.startswith("ahc_overhead_ratio_") or n.startswith("ahc_overhead_client_cpu_us_")))]
only_base = [n for n in order if has("base", n) and not has("today", n)]
if renamed:
    # Today's figures against the future API (issue 49's goals) have no counterpart in the base:
    # each today run's own value, and their median, so the runs can be read one by one.
    own = [n for n in order if has("today", n) and (n.startswith("ahc_overhead_ratio_") or n.startswith("ahc_overhead_client_cpu_us_"))]
    if own:
        print()
        print("| today's figure (against bare AsyncHTTPClient's future API) | median of the runs | each run |")
        print("|---|---|---|")
        for name in own:
            runs = values[("today", name)]
            median = statistics.median(runs.values())
            print(f"| {name} | {fmt(median)} | {', '.join(fmt(runs[r]) for r in sorted(runs))} |")
            lines.append(f"FIGURE ab_{name}_today={median:.6g}")
        print()
if only_today:
    print(f"- only today's: {', '.join(only_today)}")
if only_base:
    print(f"- only {base_name}'s: {', '.join(only_base)}")
print()
print("\n".join(lines))
PY
    } > "$work/final.md"
    cat "$work/final.md"
    if [ -n "$output" ]; then
        cp "$work/final.md" "$output"
        # Every run's own report beside it, to read a round by itself.
        rm -rf "$output.runs" && cp -r "$work/ab" "$output.runs"
    fi
    exit 0
fi

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
