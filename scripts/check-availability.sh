#!/usr/bin/env bash
# Fails on any Apple API used where a package's declared platforms (its Package.swift: macOS 14 and
# iOS 17 for the SDK, macOS 15 for Benchmarks, ...) may not have it, unless an `if #available`,
# `guard #available` or `@available` covers it. Linux never checks availability; this reads it from
# the toolchain's own symbol graphs and the compiler's typechecked AST: see
# scripts/availability/check.py for how, and what it does not cover.
#
# Usage: scripts/check-availability.sh              (after `swift build` of the SDK, and of Server and
#                                                    Transports/AsyncHTTPClient when present)
#        scripts/check-availability.sh --self-test  (plants String(validating:as:), Task.immediate and
#                                                    Mutex unguarded, and guarded, into WoteCLI: the
#                                                    check must fail on the unguarded three only)
#        scripts/check-availability.sh --apple       (the Apple-only bindings: runs apple-typecheck.sh,
#                                                    keeping what it compiled, and checks the files that
#                                                    import a stand-in framework against the availability
#                                                    the stand-ins declare, copied from Apple's headers;
#                                                    then its self-test plants an iOS 26 UIKit API, bare
#                                                    and behind #available: only the bare one must fail)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--apple" ]; then
    kept=$(mktemp -d)
    trap 'rm -rf "$kept"' EXIT
    APPLE_TYPECHECK_KEEP="$kept" scripts/apple-typecheck.sh
    python3 scripts/availability/check.py --apple "$kept" .
    python3 scripts/availability/check.py --apple-self-test "$kept" .
    exit 0
fi
exec python3 scripts/availability/check.py "$@" .
