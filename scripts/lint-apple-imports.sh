#!/usr/bin/env bash
# The import rule Linux cannot see: on Linux, URLSession, URLRequest and URLSessionConfiguration
# come from FoundationNetworking; on Apple platforms from Foundation, and the
# `#if canImport(FoundationNetworking)` branch vanishes. So a file that imports FoundationNetworking
# at some access level must import Foundation at that level or higher where that branch is not
# taken (outside it, or in its `#else`): otherwise its public (or package) declarations use an
# internal type on Apple platforms, an error only an Apple build shows.
#
# Access levels, lowest first: private, fileprivate, internal (a plain `import`, the targets use
# InternalImportsByDefault), package, public (`@_exported` counts as public).
#
# Usage: scripts/lint-apple-imports.sh [file or folder ...]   (default: Sources Tests Transports Benchmarks)
# Prints one line per offending file and exits 1 when there is one. scripts/apple-typecheck.sh runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -eq 0 ]; then set -- Sources Tests Transports Benchmarks; fi
files=$(find "$@" -name '*.swift' -not -path '*/.build/*' | sort)
[ -z "$files" ] && exit 0

# shellcheck disable=SC2086
awk '
function level(line,    words, n, i, best) {
    # The access level of an import line, as a number (3 = internal, the default).
    best = 3
    n = split(line, words, /[ \t]+/)
    for (i = 1; i <= n; i++) {
        if (words[i] == "private") best = 1
        else if (words[i] == "fileprivate") best = 2
        else if (words[i] == "internal") best = 3
        else if (words[i] == "package") best = 4
        else if (words[i] == "public" || words[i] == "@_exported") best = 5
    }
    return best
}
function name(n) {
    return n == 0 ? "nothing" : n == 1 ? "private" : n == 2 ? "fileprivate" : n == 3 ? "internal" \
        : n == 4 ? "package" : "public"
}
function report(    ok) {
    if (file == "" || networking == 0) return
    if (apple < networking) {
        printf "%s:%d: imports FoundationNetworking as %s, but where canImport(FoundationNetworking) is false (Apple platforms) it imports Foundation as %s; import Foundation at least as %s there (see WoteClient+Requests.swift)\n", \
            file, networkingLine, name(networking), name(apple), name(networking)
        failed = 1
    }
}
FNR == 1 {
    report()
    file = FILENAME; depth = 0; networking = 0; networkingLine = 0; apple = 0
}
{
    line = $0
    sub(/^[ \t]+/, "", line)
    sub(/[ \t]*\/\/.*$/, "", line)
}
line ~ /^#if[ \t]/ {
    condition = line; sub(/^#if[ \t]+/, "", condition)
    depth++
    # kind: 1 = the condition is canImport(FoundationNetworking), -1 = its negation, 0 = other.
    kind[depth] = condition == "canImport(FoundationNetworking)" ? 1 : condition == "!canImport(FoundationNetworking)" ? -1 : 0
    inElse[depth] = 0
    next
}
line ~ /^#elseif[ \t]/ { inElse[depth] = 1; if (kind[depth] == -1) kind[depth] = 0; next }
line ~ /^#else/ { inElse[depth] = 1; next }
line ~ /^#endif/ { depth--; next }
line ~ /^(@[A-Za-z_]+[ \t]+)*((public|package|internal|fileprivate|private)[ \t]+)?import[ \t]+(Foundation|FoundationNetworking)$/ {
    # Whether Apple platforms compile this line: not in a branch taken only where
    # FoundationNetworking exists.
    linuxOnly = 0
    for (d = 1; d <= depth; d++) {
        if ((kind[d] == 1 && !inElse[d]) || (kind[d] == -1 && inElse[d])) linuxOnly = 1
    }
    module = line; sub(/^.*import[ \t]+/, "", module)
    if (module == "FoundationNetworking") {
        if (level(line) > networking) { networking = level(line); networkingLine = FNR }
    } else if (!linuxOnly && level(line) > apple) {
        apple = level(line)
    }
}
END { report(); exit failed }
' $files
