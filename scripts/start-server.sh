#!/usr/bin/env bash
# Starts the reference server on free loopback ports and prints its base URL.
# Usage: scripts/start-server.sh OUTDIR [server flags...]
# With --test-hooks, the hooks' secret is WOTE_TEST_HOOKS_SECRET when set, else a new one in
# OUTDIR/hooks.secret.
# Writes OUTDIR/server.pid, OUTDIR/server.out (the first line is the listening event) and
# OUTDIR/server.log (the access log). The caller stops it with: kill "$(cat OUTDIR/server.pid)".
set -euo pipefail
out=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
server="$root/Server/.build/debug/wote-server"
[ -x "$server" ] || { echo "start-server: $server is not built (swift build --package-path Server)" >&2; exit 1; }
mkdir -p "$out"
# --test-hooks needs a secret in WOTE_TEST_HOOKS_SECRET (issue 47, N7): the caller's, or a new one
# written to OUTDIR/hooks.secret (0600) for the caller to read.
for arg in "$@"; do
    if [ "$arg" = "--test-hooks" ] && [ -z "${WOTE_TEST_HOOKS_SECRET:-}" ]; then
        (umask 077 && od -An -N24 -tx1 /dev/urandom | tr -d ' \n' > "$out/hooks.secret")
        WOTE_TEST_HOOKS_SECRET=$(cat "$out/hooks.secret")
        export WOTE_TEST_HOOKS_SECRET
    fi
done
: > "$out/server.out"
"$server" --port 0 "$@" > "$out/server.out" 2> "$out/server.log" &
echo $! > "$out/server.pid"
for _ in $(seq 1 200); do
    if [ -s "$out/server.out" ]; then break; fi
    if ! kill -0 "$(cat "$out/server.pid")" 2>/dev/null; then
        echo "start-server: the server exited; its log:" >&2
        cat "$out/server.log" >&2
        exit 1
    fi
    sleep 0.05
done
port=$(sed -n '1s/.*"port":\([0-9][0-9]*\).*/\1/p' "$out/server.out")
[ -n "$port" ] || { echo "start-server: no listening line from the server" >&2; exit 1; }
echo "http://127.0.0.1:$port"
