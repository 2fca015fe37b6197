#!/usr/bin/env bash
# Proves that the terminal front (Sources/CLI) uses only WoteKit's public API: it type-checks
# Sources/CLI as a module of ANOTHER package against the SDK modules `swift build` made, so that
# every `package` symbol of the SDK is out of reach and using one fails. Run after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=${WOTE_MODULES_DIR:-.build/debug/Modules}
if [ ! -f "$modules/WoteKit.swiftmodule" ]; then
    echo "cli-public-api-check: $modules/WoteKit.swiftmodule is missing; run 'swift build' first" >&2
    exit 1
fi

# The same language settings as Package.swift's strictSettings (Swift 6 mode, upcoming features),
# with the front's own module name but a package name that is not WoteKit's.
find Sources/CLI -name '*.swift' -print0 | xargs -0 swiftc -typecheck \
    -module-name WoteCLI -package-name OutsideWoteKit -parse-as-library \
    -swift-version 6 \
    -enable-upcoming-feature ExistentialAny \
    -enable-upcoming-feature MemberImportVisibility \
    -enable-upcoming-feature InternalImportsByDefault \
    -warnings-as-errors \
    -I "$modules"
echo "cli-public-api-check: Sources/CLI type-checks against WoteKit's public API only"
