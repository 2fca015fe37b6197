#!/usr/bin/env bash
# The WoteKit demo with nothing else to set up: builds `wote` and the reference server, starts the
# server on a free loopback port with its test hooks and a 4-second access-token lifetime, runs
# `wote demo` against it, and stops the server afterwards, also when the demo fails or is interrupted.
#
#   scripts/demo.sh                 # from the repository root, or from anywhere
#   scripts/demo.sh --store PATH    # extra arguments go to `wote demo`
#
# Environment: WOTE_SERVER_BIN=/path/to/wote-server uses an already built server instead of building
# Server/; WOTE_ACCESS_TTL changes the access-token lifetime (default 4s).
set -euo pipefail

cd "$(dirname "$0")/.."

echo "Building wote…" >&2
swift build --product wote >&2
WOTE="$(swift build --show-bin-path)/wote"

if [ -n "${WOTE_SERVER_BIN:-}" ]; then
    SERVER_BIN="$WOTE_SERVER_BIN"
else
    echo "Building the reference server (the first build fetches its dependencies: several minutes)…" >&2
    swift build --package-path Server --product wote-server >&2
    SERVER_BIN="$(swift build --package-path Server --show-bin-path)/wote-server"
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/wote-demo.XXXXXX")"
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The test hooks answer only calls that carry this secret (issue 47, N7); every hook client here
# (the end-to-end tests, `wote demo`, wote-bench) reads it from the same variable.
export WOTE_TEST_HOOKS_SECRET="${WOTE_TEST_HOOKS_SECRET:-$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')}"
"$SERVER_BIN" --port 0 --test-hooks --access-ttl "${WOTE_ACCESS_TTL:-4s}" --no-access-log \
    >"$WORK/server.out" 2>"$WORK/server.log" &
SERVER_PID=$!

# The server's first line on standard output says where it listens:
# {"event":"listening","host":"127.0.0.1","port":N,"redirectPort":M}
PORT=""
for _ in $(seq 1 300); do
    PORT="$(sed -n 's/.*"port":\([0-9][0-9]*\).*/\1/p' "$WORK/server.out" | head -n 1)"
    [ -n "$PORT" ] && break
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
        echo "The reference server did not start:" >&2
        cat "$WORK/server.log" >&2
        exit 1
    fi
    sleep 0.1
done
if [ -z "$PORT" ]; then
    echo "The reference server did not say which port it listens on." >&2
    exit 1
fi

"$WOTE" demo --server "http://127.0.0.1:$PORT" "$@"
