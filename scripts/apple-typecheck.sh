#!/usr/bin/env bash
# Type-checks WoteKit's Apple-only code on Linux: every target of the SDK (WoteLocked, WoteDomain,
# WoteWire, WoteRepository, WoteData, WoteSession, WoteContract, WoteUseCases, WotePresentation,
# WoteKit, WoteKitTesting, WoteCLI), compiled as an Apple build sees it against stand-in modules
# (AppleStandIns/) that declare the Apple API its branches call, as Apple's headers and documentation
# declare it, each declaration naming its source. Two configurations:
# - iOS: Security, AuthenticationServices, os, UIKit, notify and Darwin;
# - macOS: the same without UIKit, with AppKit (so the `#elseif canImport(AppKit)` and the
#   Security-without-UIKit branches are compiled too).
# In both, the sources are compiled as an Apple build sees them: `canImport(FoundationNetworking)`,
# `canImport(Glibc)`, `canImport(Musl)` and `os(Linux)` are false, so the Darwin POSIX branches
# (TrustedDirectory's search-only walk with `O_SEARCH`, POSIXFile, FileRefreshLock) are compiled
# against the Darwin stand-in, which adds Darwin's own constants and refuses Linux-only names
# (`O_PATH`, inotify); Foundation includes URLSession (AppleStandIns/AppleFoundation), after a lint of
# the same import rule over every package's sources (scripts/lint-apple-imports.sh). It catches a wrong name, label, type,
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
# APPLE_TYPECHECK_KEEP=DIR keeps what was compiled (the sources as an Apple build sees them, the
# stand-ins and the modules of both configurations) in DIR, for scripts/check-availability.sh --apple.
if [ -n "${APPLE_TYPECHECK_KEEP:-}" ]; then
    trap 'rm -rf "$APPLE_TYPECHECK_KEEP"; mkdir -p "$APPLE_TYPECHECK_KEEP"; cp -r "$work"/. "$APPLE_TYPECHECK_KEEP"/; rm -rf "$work"' EXIT
else
    trap 'rm -rf "$work"' EXIT
fi

# The target settings from Package.swift (Swift 6, strict concurrency, the upcoming features), and
# every warning an error.
flags=(
    -swift-version 6 -warnings-as-errors -parse-as-library -DSWIFT_PACKAGE
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault
    -package-name "$package_name" -module-cache-path "$work/cache"
)

# The stand-ins of each configuration, each in its own folder (a module the folder lacks cannot be
# imported: `canImport(UIKit)` is false in the macOS configuration).
ios_modules=(Darwin notify Security AuthenticationServices os UIKit AppleFoundation)
macos_modules=(Darwin notify Security AuthenticationServices os AppKit AppleFoundation)
for configuration in ios macos; do
    mkdir -p "$work/standins-$configuration" "$work/modules-$configuration"
    modules_var="${configuration}_modules[@]"
    for module in "${!modules_var}"; do
        # Library evolution makes the stand-in enums open, like Apple's NS_ENUMs (the warnings it
        # prints about Foundation are about the stand-ins, not WoteKit, and are suppressed).
        swiftc -emit-module -enable-library-evolution -suppress-warnings -swift-version 6 -parse-as-library \
            -module-cache-path "$work/cache" -module-name "$module" -I "$work/standins-$configuration" \
            -emit-module-path "$work/standins-$configuration/$module.swiftmodule" "AppleStandIns/$module/$module.swift"
    done
done
mkdir -p "$work/standins"
cp "$work"/standins-ios/*.swiftmodule "$work/standins/"

# Sources SwiftPM generates for a target (the resource bundle accessor), if any.
derived() {
    [ -d "$build/$1.build/DerivedSources" ] && find "$build/$1.build/DerivedSources" -name '*.swift' | sort
    return 0
}

# Each source as an Apple build sees it, in $work/src (same paths, same line numbers): the
# FoundationNetworking, Glibc, Musl and Linux branches are not taken, and `import Foundation` brings
# URLSession as it does on Apple platforms (the AppleFoundation stand-in re-exports Foundation and
# FoundationNetworking, imported at the file's own level).
as_on_apple() {
    local source
    for source in "$@"; do
        mkdir -p "$work/src/$(dirname "$source")"
        sed -E -e 's/canImport\((FoundationNetworking|Glibc|Musl)\)/false/g' -e 's/([^A-Za-z_])os\(Linux\)/\1false/g' \
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

# The Darwin stand-in refuses what Darwin lacks: the search-only walk spelled with Linux's O_PATH
# fails to compile (scripts/fixtures/apple-typecheck/LinuxOnlyFlag.swift), with O_SEARCH it compiles.
darwin_fixtures=scripts/fixtures/apple-typecheck
if swiftc -typecheck "${fixture_flags[@]}" -module-name LinuxOnly \
    "$(as_on_apple "$darwin_fixtures/LinuxOnlyFlag.swift")" >/dev/null 2>&1; then
    echo "apple-typecheck: $darwin_fixtures/LinuxOnlyFlag.swift compiles against the Darwin stand-in" >&2
    exit 1
fi
compile swiftc -typecheck "${fixture_flags[@]}" -module-name SearchOnly "$(as_on_apple "$darwin_fixtures/SearchOnlyFlag.swift")"

# Every SDK target, in dependency order: its folder, then the targets whose resources give it a
# bundle accessor. `-typecheck` checks every body; `-emit-module` gives the next targets the module
# an Apple build has (with the Keychain initializer, the Apple-only bindings).
targets=(
    WoteLocked:Sources/Locked WoteDomain:Sources/Domain WoteWire:Sources/Wire WoteRepository:Sources/Repository
    WoteData:Sources/Data WoteSession:Sources/Session WoteContract:Sources/Contract WoteUseCases:Sources/UseCases
    WotePresentation:Sources/Presentation WoteKit:Sources/WoteKit WoteKitTesting:Sources/WoteKitTesting
    WoteCLI:Sources/CLI
)
for configuration in ios macos; do
    for entry in "${targets[@]}"; do
        module=${entry%%:*}
        folder=${entry#*:}
        # shellcheck disable=SC2046
        sources=$(as_on_apple $(find "$folder" -name '*.swift' | sort); derived "$module")
        target_flags=("${flags[@]}")
        # SwiftPM defines this for a target with resources (WoteDomain, WoteData).
        [ -n "$(derived "$module")" ] && target_flags+=(-DSWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE)
        includes=(-I "$work/standins-$configuration" -I "$work/modules-$configuration")
        # shellcheck disable=SC2086
        compile swiftc -typecheck "${target_flags[@]}" -module-name "$module" "${includes[@]}" $sources
        # shellcheck disable=SC2086
        compile swiftc -emit-module "${target_flags[@]}" -module-name "$module" "${includes[@]}" \
            -emit-module-path "$work/modules-$configuration/$module.swiftmodule" $sources
    done
done

echo "apple-typecheck: every SDK target type-checks as on iOS (UIKit) and on macOS (AppKit, no UIKit):" \
    "Foundation with URLSession, the Darwin POSIX branches (O_SEARCH), and the Security, AuthenticationServices," \
    "os, notify, UIKit/AppKit stand-ins"
