#!/usr/bin/env bash
# Issue 31's figure: how long a logout in one process takes to reach another process's event stream
# on Linux. One `wote watch --events 1` (release build) watches a store file; this script waits for
# its "watching" line, removes the store file as another process's logout does (the unlink is the
# notice), and times the arrival of the watcher's `signedOut(endedElsewhere)` line (and of the
# `model:` line that follows it: the watcher's SessionModel): inotify, the
# engine's read of the store under its lock, the event, the print and the pipe. Rounds run one after
# another; the first is left out (page cache, first inotify watch).
#
# Usage: scripts/bench-notices.sh [ROUNDS] [unlink|logout]   (default 200 unlink; prints FIGURE lines)
#   WOTE_BINARY=path  use this wote instead of building the release one
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-200}
# unlink: the store file removed by this script, as another process's logout does (the notice path
# alone); logout: a real `wote logout` in a second process (its start-up, the logout, the notice).
mode=${2:-unlink}
if [ -z "${WOTE_BINARY:-}" ]; then
    swift build -c release --package-path "$root" --product wote >&2
    WOTE_BINARY="$root/.build/release/wote"
fi
export WOTE_BINARY
python3 - "$rounds" "$mode" <<'PY'
import json, os, subprocess, sys, tempfile, time

rounds = int(sys.argv[1])
logout_process = sys.argv[2] == "logout"
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
model_latencies = []
startups = []
for round_ in range(rounds + 1):
    with open(store, "w") as f:
        json.dump(session, f)
    os.chmod(store, 0o600)
    watcher = subprocess.Popen(
        [binary, "--store", store, "--server", "http://127.0.0.1:1", "watch", "--events", "1", "--model"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True, bufsize=1)
    first = watcher.stdout.readline()
    if not first.startswith("watching: signedIn"):
        sys.exit(f"bench-notices: the watcher said {first!r}")
    start = time.perf_counter()
    if logout_process:
        # A real logout in a second process: `wote logout` ends the session and empties the store
        # (its server call goes to a closed loopback port and fails at once, as offline).
        logout = subprocess.Popen([binary, "--store", store, "--server", "http://127.0.0.1:1", "logout"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        # From the moment the logout emptied the store (seen here to within half a millisecond).
        while os.path.exists(store) and logout.poll() is None:
            time.sleep(0.0005)
        unlinked = time.perf_counter()
        startups.append((unlinked - start) * 1000)
        start = unlinked
    else:
        os.remove(store)
    line = watcher.stdout.readline()
    elapsed = time.perf_counter() - start
    model_line = watcher.stdout.readline()
    model_elapsed = time.perf_counter() - start
    watcher.wait(timeout=10)
    if logout_process:
        logout.wait(timeout=10)
    if line.strip() != "signedOut(endedElsewhere)":
        sys.exit(f"bench-notices: the watcher said {line!r}")
    if model_line.strip() != "model: signedOut(endedElsewhere)":
        sys.exit(f"bench-notices: the watcher's SessionModel line was {model_line!r}")
    if round_ > 0:
        latencies.append(elapsed * 1000)
        model_latencies.append(model_elapsed * 1000)
latencies.sort()
def pct(p):
    return latencies[min(len(latencies) - 1, int(round(p / 100 * (len(latencies) - 1))))]
if logout_process:
    startups.sort()
    print(f"`wote logout` from its start to the store emptied (ms): p50 {startups[len(startups) // 2]:.2f}, "
          f"max {startups[-1]:.2f}")
kind = "from a `wote logout` process's removal of the store" if logout_process else "from the store file's unlink"
suffix = "_logout_process" if logout_process else ""
print(f"notice latency {kind} over {len(latencies)} rounds (ms): min {latencies[0]:.2f}, p50 {pct(50):.2f}, "
      f"p90 {pct(90):.2f}, p99 {pct(99):.2f}, max {latencies[-1]:.2f}; goal: under 200")
print(f"FIGURE notice_latency_ms_p50{suffix}={pct(50):.2f}")
print(f"FIGURE notice_latency_ms_p90{suffix}={pct(90):.2f}")
print(f"FIGURE notice_latency_ms_p99{suffix}={pct(99):.2f}")
print(f"FIGURE notice_latency_ms_max{suffix}={latencies[-1]:.2f}")
model_latencies.sort()
def mpct(p):
    return model_latencies[min(len(model_latencies) - 1, int(round(p / 100 * (len(model_latencies) - 1))))]
print(f"to the watcher's SessionModel (its `model:` line) (ms): p50 {mpct(50):.2f}, p90 {mpct(90):.2f}, "
      f"p99 {mpct(99):.2f}, max {model_latencies[-1]:.2f}; goal: under 200")
print(f"FIGURE notice_model_latency_ms_p50{suffix}={mpct(50):.2f}")
print(f"FIGURE notice_model_latency_ms_p99{suffix}={mpct(99):.2f}")
print(f"FIGURE notice_model_latency_ms_max{suffix}={model_latencies[-1]:.2f}")
PY
