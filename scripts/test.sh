#!/usr/bin/env bash
# The one test command: lint, build with warnings as errors, build and start the reference
# server, run every test (unit and end-to-end), stop the server even when tests fail.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# Debian packages the checks need on a fresh machine: python3 for the snippet checker, SPIN and gcc
# for the model check.
if ! command -v spin >/dev/null || ! command -v gcc >/dev/null || ! command -v python3 >/dev/null; then
    apt-get update -qq && apt-get install -y -qq spin gcc python3 >/dev/null
fi

echo "== lint (swift format, .swift-format)"
swift format lint --strict --recursive Sources Tests Package.swift
echo "== Apple-only code type-checked against stand-in Security and AuthenticationServices modules" && scripts/apple-typecheck.sh

echo "== build the SDK, the terminal front and the tests (warnings are errors)"
swift build --build-tests -Xswiftc -warnings-as-errors
echo "== the terminal front uses only WoteKit's public API"
scripts/cli-public-api-check.sh
echo "== every Swift snippet of README, Docs, DocC and the /// comments compiles as a reader pastes it"
scripts/check-snippets.sh
scripts/check-snippets.sh --self-test
echo "== the same snippets in an app's own targets, warnings as errors: a new Xcode 26 app's (main-actor default isolation, NonisolatedNonsendingByDefault, InferIsolatedConformances) and a plain Swift 6 one"
scripts/check-snippets.sh --app-target=xcode26
scripts/check-snippets.sh --app-target=plain
echo "== the Alamofire adapter type-checked against a stand-in with Alamofire 5's signatures"
scripts/alamofire-typecheck.sh

echo "== DocC catalog (docc, warnings are errors)"
scripts/docc.sh

echo "== build the reference server and its tests"
swift build --package-path Server --build-tests

echo "== reference server tests"
swift test --package-path Server

work=$(mktemp -d)
cleanup() {
    for pid in "$work"/*/server.pid; do
        [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null || true
    done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# Two servers: the SDK's end-to-end suite injects faults and moves the clock, which must not
# disturb the terminal front's journeys that run at the same time.
url=$(scripts/start-server.sh "$work/e2e" --test-hooks)
cli_url=$(scripts/start-server.sh "$work/cli" --test-hooks)
# A second origin for the one-store-two-servers test (issue 12).
second_url=$(scripts/start-server.sh "$work/second" --test-hooks)
echo "== reference servers at $url (SDK end-to-end) and $cli_url (terminal front)"

echo "== the AsyncHTTPClient transport (the product WoteKitAsyncHTTPClient, trait AsyncHTTPClient) and its tests"
swift build --package-path Transports/AsyncHTTPClient --build-tests -Xswiftc -warnings-as-errors
swift test --package-path Transports/AsyncHTTPClient
echo "== no Apple API newer than each package's declared platforms is used unguarded (and the check still catches it)"
scripts/check-availability.sh
scripts/check-availability.sh --self-test
echo "== the AsyncHTTPClient transport's README snippets compile against that build's modules"
WOTE_MODULES_DIR=Transports/AsyncHTTPClient/.build/debug/Modules WOTE_SNIPPET_DOCS=Transports/AsyncHTTPClient/README.md \
    python3 scripts/snippets/check.py

echo "== an app's package depends on WoteKit by URL, offline: no trait (nothing else resolved), Alamofire (stand-in)"
WOTE_CONSUMER_RUNS="a b" scripts/consumer-check.sh   # run c (AsyncHTTPClient) not yet verified here

echo "== fuzzers: every target for a short bounded time, no corpus merge (about 2-6 minutes)"
scripts/fuzz.sh --ci

echo "== the session protocol's model, checked with SPIN (about a minute)"
scripts/model-check.sh

echo "== tests (unit and end-to-end)"
WOTE_E2E_SERVER="$url" WOTE_E2E_SERVER_B="$second_url" WOTE_CLI_E2E_SERVER="$cli_url" WOTE_BINARY_DIR="$root/.build/debug" WOTE_RELIABILITY_REPORT="$root/Docs/Reliability.md" \
    swift test -Xswiftc -warnings-as-errors
