#!/usr/bin/env bash
# Issue 31's figure: how long a logout in one process takes to reach another process's event stream
# on Linux. One `wote watch --events 1` (release build) watches a store file; this script waits for
# its "watching" line, removes the store file as another process's logout does (the unlink is the
# notice), and times the arrival of the watcher's `signedOut(endedElsewhere)` line: inotify, the
# engine's read of the store under its lock, the event, the print and the pipe. Rounds run one after
# another; the first is left out (page cache, first inotify watch).
#
# Usage: scripts/bench-notices.sh [ROUNDS]   (default 200; prints a table and FIGURE lines)
#   WOTE_BINARY=path  use this wote instead of building the release one
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-200}
if [ -z "${WOTE_BINARY:-}" ]; then
    swift build -c release --package-path "$root" --product wote >&2
    WOTE_BINARY="$root/.build/release/wote"
fi
export WOTE_BINARY
python3 - "$rounds" <<'PY'
import json, os, subprocess, sys, tempfile, time

rounds = int(sys.argv[1])
binary = os.environ["WOTE_BINARY"]
work = tempfile.mkdtemp(prefix="wote-bench-notices.")
os.chmod(work, 0o700)
store = os.path.join(work, "wote", "session.json")
os.makedirs(os.path.dirname(store), mode=0o700)
now = int(time.time() * 1000)
session = {"version": 1, "accessToken": "bench-access", "refreshToken": "bench-refresh",
           "accessTokenExpiresAt": now + 3_600_000, "refreshTokenExpiresAt": now + 86_400_000,
           "accessTokenIssuedAt": now, "profileCompleted": True}
env = {"HOME": work, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
latencies = []
for round_ in range(rounds + 1):
    with open(store, "w") as f:
        json.dump(session, f)
    os.chmod(store, 0o600)
    watcher = subprocess.Popen(
        [binary, "--store", store, "--server", "http://127.0.0.1:1", "watch", "--events", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True, bufsize=1)
    first = watcher.stdout.readline()
    if not first.startswith("watching: signedIn"):
        sys.exit(f"bench-notices: the watcher said {first!r}")
    start = time.perf_counter()
    os.remove(store)
    line = watcher.stdout.readline()
    elapsed = time.perf_counter() - start
    watcher.wait(timeout=10)
    if line.strip() != "signedOut(endedElsewhere)":
        sys.exit(f"bench-notices: the watcher said {line!r}")
    if round_ > 0:
        latencies.append(elapsed * 1000)
latencies.sort()
def pct(p):
    return latencies[min(len(latencies) - 1, int(round(p / 100 * (len(latencies) - 1))))]
print(f"notice latency over {len(latencies)} rounds (ms): min {latencies[0]:.2f}, p50 {pct(50):.2f}, "
      f"p90 {pct(90):.2f}, p99 {pct(99):.2f}, max {latencies[-1]:.2f}; goal: under 200")
print(f"FIGURE notice_latency_ms_p50={pct(50):.2f}")
print(f"FIGURE notice_latency_ms_p90={pct(90):.2f}")
print(f"FIGURE notice_latency_ms_p99={pct(99):.2f}")
print(f"FIGURE notice_latency_ms_max={latencies[-1]:.2f}")
PY
