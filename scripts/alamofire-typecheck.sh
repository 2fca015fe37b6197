#!/usr/bin/env bash
# Type-checks the Alamofire adapter (the root package's target WoteKitAlamofire, trait `Alamofire`,
# sources in Transports/Alamofire/Sources/WoteKitAlamofire) and the Swift
# snippets of its README on Linux, where Alamofire cannot be fetched: against a stand-in Alamofire
# module (Transports/Alamofire/StandIns/Alamofire) that declares the Alamofire 5 signatures they use,
# copied from Alamofire's source, and the WoteKit modules `swift build` made. It catches a wrong
# name, label, type, optionality, isolation or Sendable use against Alamofire's API, and any use of
# WoteKit API that is not public. It cannot show behaviour: the adapter's rules are WoteKit's
# RequestAuthorizer, tested in Tests/WoteKitTests/RequestAuthorizerTests.swift.
#
# Usage: scripts/alamofire-typecheck.sh   (after `swift build`; run from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."

modules=${WOTE_MODULES_DIR:-.build/debug/Modules}
if [ ! -f "$modules/WoteKit.swiftmodule" ]; then
    echo "alamofire-typecheck: $modules/WoteKit.swiftmodule is missing; run 'swift build' first" >&2
    exit 1
fi
adapter=Transports/Alamofire
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The adapter target's settings in Package.swift (Swift 6, the upcoming features, warnings as errors,
# its trait `Alamofire` on), as a module of another package than WoteKit's, so that only WoteKit's
# public API is in reach. (It is WoteKit's own target, but uses no `package` symbol: this keeps it so.)
flags=(
    -swift-version 6 -warnings-as-errors -parse-as-library -D Alamofire
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault
    -package-name WoteKitAlamofire -module-cache-path "$work/cache"
)

# Library evolution makes the stand-in's classes and enums resilient, as a binary Alamofire's are.
swiftc -emit-module -enable-library-evolution -suppress-warnings -swift-version 6 -parse-as-library \
    -module-cache-path "$work/cache" -module-name Alamofire \
    -emit-module-path "$work/Alamofire.swiftmodule" "$adapter/StandIns/Alamofire/Alamofire.swift"

find "$adapter/Sources/WoteKitAlamofire" -name '*.swift' -print0 | sort -z | xargs -0 swiftc -emit-module \
    "${flags[@]}" -module-name WoteKitAlamofire -I "$work" -I "$modules" \
    -emit-module-path "$work/WoteKitAlamofire.swiftmodule"

# Every block fenced exactly ```swift in the README (a block for another library, such as Moya's, says
# so after `swift` and is left out), each wrapped in an async throwing function of its own, with the
# names the snippets take as given (the client, a URL, a session, the app's types) declared before.
awk -v out="$work/snippets.swift" '
    BEGIN {
        print "import Alamofire\nimport Foundation\nimport WoteKit\nimport WoteKitAlamofire" > out
        print "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif" > out
        print "let wote = WoteClient(configuration: WoteConfiguration(baseURL: URL(string: \"https://api.wote.example\")!))" > out
        print "let feedURL = URL(string: \"https://api.wote.example/api/posts\")!" > out
        print "let api = Session(interceptor: wote.alamofireInterceptor())" > out
        print "struct Feed: Decodable, Sendable {}" > out
        print "func route(to screen: String) {}" > out
    }
    /^```swift$/ { inside = 1; n += 1; print "func snippet" n "() async throws {" > out; next }
    /^```$/ && inside { inside = 0; print "}" > out; next }
    inside { print > out }
    END { if (n == 0) { print "no swift snippets found" > "/dev/stderr"; exit 1 } }
' "$adapter/README.md"
# A snippet may name a value it does not use afterwards; every other warning fails the check.
snippet_flags=()
for flag in "${flags[@]}"; do [ "$flag" = -warnings-as-errors ] || snippet_flags+=("$flag"); done
swiftc -typecheck "${snippet_flags[@]}" -module-name WoteKitAlamofireSnippets -I "$work" -I "$modules" \
    "$work/snippets.swift" 2> "$work/snippets.log" || { cat "$work/snippets.log" >&2; exit 1; }
if grep 'warning:' "$work/snippets.log" | grep -qv 'was never used'; then
    cat "$work/snippets.log" >&2
    exit 1
fi

echo "alamofire-typecheck: WoteKitAlamofire and its README snippets type-check against Alamofire 5 (stand-in)"
