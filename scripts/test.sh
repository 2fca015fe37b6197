#!/usr/bin/env bash
# The one test command: lint, build with warnings as errors, build and start the reference
# server, run every test (unit and end-to-end), stop the server even when tests fail.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
# Each step's heading says when it started, in seconds since this script did: CI's log shows where
# the time goes.
step() { echo "== [${SECONDS}s] $*"; }

# Debian packages the checks need on a fresh machine: python3 for the snippet checker, SPIN and gcc
# for the model check.
if ! command -v spin >/dev/null || ! command -v gcc >/dev/null || ! command -v python3 >/dev/null; then
    apt-get update -qq && apt-get install -y -qq spin gcc python3 >/dev/null
fi

step "lint (swift format, .swift-format)"
swift format lint --strict --recursive Sources Tests Package.swift
step "Apple-only code type-checked against the stand-in Apple modules (iOS and macOS, Darwin POSIX branches), and its Apple API read against the stand-ins' availability" && scripts/check-availability.sh --apple

step "build the SDK, the terminal front and the tests (warnings are errors)"
swift build --build-tests -Xswiftc -warnings-as-errors
step "the terminal front uses only WoteKit's public API"
scripts/cli-public-api-check.sh
step "the snippet checker still fails on a type error and on a compiler crash (its self-test)"
scripts/check-snippets.sh --self-test
step "every Swift snippet of README, Docs, DocC and the /// comments compiles as a reader pastes it into an app's own target, warnings as errors: a new Xcode 26 app's (main-actor default isolation, NonisolatedNonsendingByDefault, InferIsolatedConformances) and a plain Swift 6 one"
scripts/check-snippets.sh --app-target=xcode26
scripts/check-snippets.sh --app-target=plain
step "the terminal front's contributor docs (left out of the app modes above: they use WoteCLI's package API)"
WOTE_SNIPPET_DOCS=Docs/CLI.md scripts/check-snippets.sh
step "the Alamofire adapter type-checked against a stand-in with Alamofire 5's signatures"
scripts/alamofire-typecheck.sh

step "DocC catalog (docc, warnings are errors)"
scripts/docc.sh

step "build the reference server and its tests"
swift build --package-path Server --build-tests

step "reference server tests"
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
# The test hooks answer only calls that carry this secret (issue 47, N7); every hook client here
# (the end-to-end tests, `wote demo`, wote-bench) reads it from the same variable.
export WOTE_TEST_HOOKS_SECRET="${WOTE_TEST_HOOKS_SECRET:-$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')}"
url=$(scripts/start-server.sh "$work/e2e" --test-hooks)
cli_url=$(scripts/start-server.sh "$work/cli" --test-hooks)
# A second origin for the one-store-two-servers test (issue 12).
second_url=$(scripts/start-server.sh "$work/second" --test-hooks)
step "reference servers at $url (SDK end-to-end) and $cli_url (terminal front)"

step "the AsyncHTTPClient transport (the product WoteKitAsyncHTTPClient, trait AsyncHTTPClient) and its tests"
swift build --package-path Transports/AsyncHTTPClient --build-tests -Xswiftc -warnings-as-errors
swift test --package-path Transports/AsyncHTTPClient
step "no Apple API newer than each package's declared platforms is used unguarded (and the check still catches it)"
scripts/check-availability.sh
scripts/check-availability.sh --self-test
step "the AsyncHTTPClient transport's README snippets compile against that build's modules"
WOTE_MODULES_DIR=Transports/AsyncHTTPClient/.build/debug/Modules WOTE_SNIPPET_DOCS=Transports/AsyncHTTPClient/README.md \
    python3 scripts/snippets/check.py

step "an app's package depends on WoteKit by URL, offline: no trait (nothing else resolved), Alamofire (stand-in), AsyncHTTPClient (the machine's package mirror)"
# Run (c) builds in the AsyncHTTPClient transport's build folder: SwiftNIO and AsyncHTTPClient, built
# just above, are not built again; only WoteKit, from its URL, is.
WOTE_CONSUMER_C_SCRATCH="$root/Transports/AsyncHTTPClient/.build" scripts/consumer-check.sh

step "fuzzers: every target for a short bounded time, no corpus merge (about 2-6 minutes)"
scripts/fuzz.sh --ci

step "the session protocol's model, checked with SPIN (about 2 minutes)"
scripts/model-check.sh

step "trace validation: the randomized engine test's steps replayed against the model (25 seeds)"
WOTE_RANDOM_SEEDS=25 scripts/model-check.sh --traces

step "tests (unit and end-to-end)"
WOTE_E2E_SERVER="$url" WOTE_E2E_SERVER_B="$second_url" WOTE_CLI_E2E_SERVER="$cli_url" WOTE_BINARY_DIR="$root/.build/debug" WOTE_RELIABILITY_REPORT="$root/Docs/Reliability.md" \
    swift test -Xswiftc -warnings-as-errors
