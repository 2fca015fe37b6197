#!/usr/bin/env bash
# The one test command: lint, build with warnings as errors, build and start the reference
# server, run every test (unit and end-to-end), stop the server even when tests fail.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

echo "== lint (swift format, .swift-format)"
swift format lint --strict --recursive Sources Tests Package.swift

echo "== build the SDK, the terminal front and the tests (warnings are errors)"
swift build --build-tests -Xswiftc -warnings-as-errors

echo "== build the reference server"
swift build --package-path Server

work=$(mktemp -d)
cleanup() {
    if [ -f "$work/server.pid" ]; then kill "$(cat "$work/server.pid")" 2>/dev/null || true; fi
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

url=$(scripts/start-server.sh "$work" --test-hooks)
echo "== reference server at $url"

echo "== tests (unit and end-to-end)"
WOTE_E2E_SERVER="$url" WOTE_BINARY_DIR="$root/.build/debug" WOTE_RELIABILITY_REPORT="$root/Docs/Reliability.md" \
    swift test -Xswiftc -warnings-as-errors
