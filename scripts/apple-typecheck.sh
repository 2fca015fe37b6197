#!/usr/bin/env bash
# Type-checks WoteKit's Apple-only code on Linux: the `#if canImport(Security)` and
# `#if canImport(AuthenticationServices)` branches of the WoteData, WoteSession, WoteKit and WoteKitTesting
# targets, compiled against stand-in Security and AuthenticationServices modules (AppleStandIns/)
# that declare the Apple API those branches call, as Apple documents it. The sources are compiled
# as an Apple build sees them: `canImport(FoundationNetworking)` is false and Foundation includes
# URLSession (AppleStandIns/AppleFoundation), after a lint of the same import rule over every
# package's sources (scripts/lint-apple-imports.sh). It catches a wrong name, label, type,
# optionality, isolation or Sendable use in the bindings, and API the toolchain's standard library
# does not have (an async closure passed to `withExtendedLifetime`). It cannot show that the real
# modules declare exactly what the stand-ins copy, nor anything about runtime behaviour: see
# Docs/Apple.md.
#
# Usage: scripts/apple-typecheck.sh   (builds the SDK first; run from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."

# The rule an Apple build enforces and Linux cannot see, over every file (not only the three targets
# compiled below): FoundationNetworking imported at some level needs Foundation at that level or
# higher in the Apple branch.
scripts/lint-apple-imports.sh
# ...and still catches the bug it was written for.
fixtures=scripts/fixtures/lint-apple-imports
if scripts/lint-apple-imports.sh "$fixtures/Broken.swift" >/dev/null; then
    echo "apple-typecheck: lint-apple-imports.sh no longer refuses $fixtures/Broken.swift" >&2
    exit 1
fi
scripts/lint-apple-imports.sh "$fixtures/Fixed.swift"

# One target per call: SwiftPM builds only the last of several --target options.
# With the flags scripts/test.sh builds with, so that its build compiles nothing again.
swift build --target WoteKit -Xswiftc -warnings-as-errors >/dev/null
swift build --target WoteKitTesting -Xswiftc -warnings-as-errors >/dev/null
build=.build/debug
package_name=$(grep -A1 '"-package-name"' "$build/description.json" | sed -n 2p | tr -d ' ",')
if [ -z "$package_name" ]; then
    echo "apple-typecheck: cannot find the package name SwiftPM uses in $build/description.json" >&2
    exit 1
fi

# A binding the check cannot reach is a binding CI never compiles: `os(...)` cannot be faked on
# Linux, so files that import an Apple-only module must not hide behind an `os(iOS)`/`os(macOS)` test.
unreachable=$(grep -lE '^#if .*[^!]os\((iOS|macOS)\)' $(grep -rlE '^import (Security|AuthenticationServices)$' Sources) || true)
if [ -n "$unreachable" ]; then
    echo "apple-typecheck: these Apple bindings are hidden behind os(iOS)/os(macOS); use canImport:" >&2
    echo "$unreachable" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/standins" "$work/modules"

# The target settings from Package.swift (Swift 6, strict concurrency, the upcoming features), and
# every warning an error.
flags=(
    -swift-version 6 -warnings-as-errors -parse-as-library -DSWIFT_PACKAGE
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault
    -package-name "$package_name" -module-cache-path "$work/cache"
)

for module in Security AuthenticationServices os UIKit AppleFoundation; do
    # Library evolution makes the stand-in enums open, like Apple's NS_ENUMs (the warnings it prints
    # about Foundation are about the stand-ins, not WoteKit, and are suppressed).
    swiftc -emit-module -enable-library-evolution -suppress-warnings -swift-version 6 -parse-as-library \
        -module-cache-path "$work/cache" -module-name "$module" \
        -emit-module-path "$work/standins/$module.swiftmodule" "AppleStandIns/$module/$module.swift"
done

# Sources SwiftPM generates for a target (the resource bundle accessor), if any.
derived() {
    [ -d "$build/$1.build/DerivedSources" ] && find "$build/$1.build/DerivedSources" -name '*.swift' | sort
    return 0
}

# Each source as an Apple build sees it, in $work/src (same paths, same line numbers): the
# FoundationNetworking branches are not taken, and `import Foundation` brings URLSession as it
# does on Apple platforms (the AppleFoundation stand-in re-exports Foundation and
# FoundationNetworking, imported at the file's own level).
as_on_apple() {
    local source
    for source in "$@"; do
        mkdir -p "$work/src/$(dirname "$source")"
        sed -E -e 's/canImport\(FoundationNetworking\)/false/g' \
            -e 's/^([[:space:]]*(@[A-Za-z_]+[[:space:]]+)*([a-z]+[[:space:]]+)?import[[:space:]]+)Foundation([[:space:]]*(\/\/.*)?)$/\1AppleFoundation\4/' \
            "$source" >"$work/src/$source"
        echo "$work/src/$source"
    done
}
# Compiler messages name the checked-in files, not the copies.
compile() { "$@" 2>&1 | sed "s|$work/src/||g"; }

# The lint's fixtures through the compiler, as an Apple build sees them: the lint and the compiler
# agree (Broken.swift fails with Xcode's error, Fixed.swift compiles).
fixture_flags=(-swift-version 6 -parse-as-library -enable-upcoming-feature InternalImportsByDefault
    -module-cache-path "$work/cache" -I "$work/standins")
if swiftc -typecheck "${fixture_flags[@]}" -module-name Broken "$(as_on_apple "$fixtures/Broken.swift")" >/dev/null 2>&1
then
    echo "apple-typecheck: $fixtures/Broken.swift compiles as on Apple platforms; the fixture no longer shows the bug" >&2
    exit 1
fi
compile swiftc -typecheck "${fixture_flags[@]}" -module-name Fixed "$(as_on_apple "$fixtures/Fixed.swift")"

# shellcheck disable=SC2046
data_sources=$(as_on_apple $(find Sources/Data -name '*.swift' | sort); derived WoteData)
# shellcheck disable=SC2046
session_sources=$(as_on_apple $(find Sources/Session -name '*.swift' | sort); derived WoteSession)
# shellcheck disable=SC2046
contract_sources=$(as_on_apple $(find Sources/Contract -name '*.swift' | sort); derived WoteContract)
# shellcheck disable=SC2046
kit_sources=$(as_on_apple $(find Sources/WoteKit -name '*.swift' | sort); derived WoteKit)
# shellcheck disable=SC2046
testing_sources=$(as_on_apple $(find Sources/WoteKitTesting -name '*.swift' | sort); derived WoteKitTesting)
# SwiftPM defines this for a target with resources (WoteData ships the privacy manifest).
[ -n "$(derived WoteData)" ] && flags+=(-DSWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE)

# WoteData with the Security and os stand-ins: every body type-checked, then its interface emitted, so
# WoteKit is checked against the WoteData an Apple build has (with the Keychain initializer).
# shellcheck disable=SC2086
compile swiftc -typecheck "${flags[@]}" -module-name WoteData -I "$work/standins" -I "$build/Modules" $data_sources
# shellcheck disable=SC2086
compile swiftc -emit-module "${flags[@]}" -module-name WoteData -I "$work/standins" -I "$build/Modules" \
    -emit-module-path "$work/modules/WoteData.swiftmodule" $data_sources

# WoteSession (the engine, with its UIKit and Apple credential bindings) and WoteContract the same way,
# each against the modules just emitted.
# shellcheck disable=SC2086
compile swiftc -typecheck "${flags[@]}" -module-name WoteSession -I "$work/standins" -I "$work/modules" \
    -I "$build/Modules" $session_sources
# shellcheck disable=SC2086
compile swiftc -emit-module "${flags[@]}" -module-name WoteSession -I "$work/standins" -I "$work/modules" \
    -I "$build/Modules" -emit-module-path "$work/modules/WoteSession.swiftmodule" $session_sources
# shellcheck disable=SC2086
compile swiftc -emit-module "${flags[@]}" -module-name WoteContract -I "$work/standins" -I "$work/modules" \
    -I "$build/Modules" -emit-module-path "$work/modules/WoteContract.swiftmodule" $contract_sources

# WoteKit with both stand-ins and those modules; WoteKitTesting (the fakes apps test with) too.
# shellcheck disable=SC2086
compile swiftc -typecheck "${flags[@]}" -module-name WoteKit -I "$work/standins" -I "$work/modules" \
    -I "$build/Modules" $kit_sources
# shellcheck disable=SC2086
compile swiftc -typecheck "${flags[@]}" -module-name WoteKitTesting -I "$work/standins" -I "$work/modules" \
    -I "$build/Modules" $testing_sources

echo "apple-typecheck: WoteData, WoteSession, WoteContract, WoteKit and WoteKitTesting type-check as on Apple platforms" \
    "(Foundation with URLSession; Security, AuthenticationServices, os and UIKit stand-ins)"
