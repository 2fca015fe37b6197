#!/usr/bin/env bash
# Builds WoteKit's DocC catalog (Sources/WoteKit/WoteKit.docc) with the toolchain's own `docc`,
# no plugin: the SDK keeps zero package dependencies. Any DocC warning fails the script.
#
#   scripts/docc.sh                     # archive in .build/docc/WoteKit.doccarchive
#   scripts/docc.sh --all-doc-comments  # also validate the re-exported modules' doc comments
#
# 1. `swift build --target WoteKit` with the flags `scripts/test.sh` builds with, so after that
#    build nothing is compiled again (other flags would rebuild every target, twice).
# 2. `swift-symbolgraph-extract` for WoteKit, with the modules it re-exports
#    (`@_exported` in Sources/WoteKit/Exports.swift) allowed into its graph: one module,
#    `WoteKit`, holds WoteClient and everything `import WoteKit` gives an app (WoteError,
#    APIRequest, LaunchViewModel, ...), so the catalog's ``links`` resolve as an app sees them.
#    `swift package dump-symbol-graph` cannot do this (one graph per target, no re-exports).
# 3. `docc convert --warnings-as-errors`.
#
# DocC reports problems in doc comments of the module it documents. The re-exported symbols'
# comments belong to WoteDomain, WoteData, WoteUseCases and WotePresentation, so by default DocC
# renders them without reporting their links; `--all-doc-comments` marks them as WoteKit's so
# that their links are validated too.
set -euo pipefail
cd "$(dirname "$0")/.."

all_doc_comments=false
for argument in "$@"; do
    case "$argument" in
    --all-doc-comments) all_doc_comments=true ;;
    *) echo "usage: scripts/docc.sh [--all-doc-comments]" >&2 && exit 2 ;;
    esac
done

# The toolchain's tools, next to the `swift` that builds (on macOS, xcrun knows where).
toolchain_bin=$(dirname "$(readlink -f "$(command -v swift)")")
find_tool() {
    if [ -x "$toolchain_bin/$1" ]; then echo "$toolchain_bin/$1"
    elif command -v xcrun >/dev/null; then xcrun --find "$1"
    else command -v "$1"
    fi
}
docc=${DOCC:-$(find_tool docc)}
extract=$(find_tool swift-symbolgraph-extract)

# The modules Exports.swift re-exports, read from it so the two never disagree.
re_exported=$(sed -n 's/^@_exported import \([A-Za-z_]*\).*$/\1/p' Sources/WoteKit/Exports.swift | paste -sd, -)
[ -n "$re_exported" ] || { echo "no @_exported import in Sources/WoteKit/Exports.swift" >&2 && exit 1; }
work=.build/docc
graphs=$work/symbol-graphs
archive=$work/WoteKit.doccarchive

echo "-- build WoteKit (the flags of scripts/test.sh)"
swift build --target WoteKit -Xswiftc -warnings-as-errors
modules=$(swift build --show-bin-path -Xswiftc -warnings-as-errors)/Modules

echo "-- symbol graph of WoteKit with $re_exported"
rm -rf "$graphs" && mkdir -p "$graphs"
triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)
sdk=()
if command -v xcrun >/dev/null; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi
"$extract" -module-name WoteKit -I "$modules" -target "$triple" ${sdk[@]+"${sdk[@]}"} \
    -minimum-access-level public -experimental-allowed-reexported-modules="$re_exported" \
    -output-dir "$graphs"
if $all_doc_comments; then
    sed -i.bak -E "s/\"module\":\"(${re_exported//,/|})\"/\"module\":\"WoteKit\"/g" \
        "$graphs/WoteKit.symbols.json" && rm "$graphs/WoteKit.symbols.json.bak"
fi

echo "-- docc convert (warnings are errors)"
rm -rf "$archive"
"$docc" convert Sources/WoteKit/WoteKit.docc \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name WoteKit --fallback-bundle-identifier com.wote.WoteKit \
    --output-path "$archive" --warnings-as-errors
echo "-- $archive"
