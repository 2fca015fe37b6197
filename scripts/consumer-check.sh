#!/usr/bin/env bash
# WoteKit as an app meets it: a fresh package outside the repository that depends on WoteKit by its
# URL, with no network. The URL is mirrored (`swift package config set-mirror`) to a local git
# repository of the checkout's HEAD, tagged with the newest version of CHANGELOG.md. Three runs of one
# package, in one scratch folder:
#
#   (a) default traits: README's code ("Use it") builds in a target set up as a new Xcode 26 app has
#       it (main-actor default isolation, NonisolatedNonsendingByDefault, InferIsolatedConformances,
#       warnings as errors) and in a plain Swift 6 target, and the resolution pinned WoteKit alone;
#   (b) trait Alamofire: WoteKitAlamofire builds, Alamofire's URL mirrored to a local git repository
#       of the stand-in (Transports/Alamofire/StandIns), tagged 5.12.0 (bodies are fatalError(): it
#       builds, it does not run);
#   (c) trait AsyncHTTPClient: WoteKitAsyncHTTPClient builds, async-http-client and its dependencies
#       from the machine's package mirror (or the network, where there is one).
#
# Usage: scripts/consumer-check.sh            (about 6 minutes on two cores from nothing)
#        WOTE_CONSUMER_RUNS="a b" scripts/consumer-check.sh   (some of the runs)
#        WOTE_CONSUMER_C_SCRATCH=DIR scripts/consumer-check.sh  (run c builds in DIR: scripts/test.sh
#            gives it the transport's own build folder, so SwiftNIO and AsyncHTTPClient, built there
#            already, are not built again; only WoteKit, from its URL, is)
# Only committed files are in the app's WoteKit: commit before running it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${WOTE_CONSUMER_RUNS:-a b c}

work=$(mktemp -d "${TMPDIR:-/tmp}/wote-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
started=$SECONDS

version=$(sed -n 's/^## \[\{0,1\}\([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' CHANGELOG.md | head -n 1)
[ -n "$version" ] || { echo "consumer-check: no version heading (## x.y.z) in CHANGELOG.md" >&2; exit 1; }
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "consumer-check: note: uncommitted changes are not in the app's WoteKit (HEAD is)"
fi

# One commit of a folder, tagged, as a git repository SwiftPM can clone.
tagged_repository() { # folder tag
    git -C "$1" init -q -b main
    git -C "$1" add -A -f
    git -C "$1" -c user.name=consumer-check -c user.email=consumer-check@localhost commit -q -m "$2"
    git -C "$1" tag "$2"
}

mkdir -p "$work/mirrors/WoteKit" "$work/mirrors/Alamofire/Sources/Alamofire"
git archive HEAD | tar -x -C "$work/mirrors/WoteKit"
tagged_repository "$work/mirrors/WoteKit" "$version"

cp Transports/Alamofire/StandIns/Alamofire/Alamofire.swift "$work/mirrors/Alamofire/Sources/Alamofire/"
cat > "$work/mirrors/Alamofire/Package.swift" <<'EOF'
// swift-tools-version: 6.0
// The stand-in for Alamofire 5.12.0's signatures (WoteKit's Transports/Alamofire/StandIns).
import PackageDescription

let package = Package(
    name: "Alamofire",
    products: [.library(name: "Alamofire", targets: ["Alamofire"])],
    targets: [.target(name: "Alamofire", path: "Sources/Alamofire")]
)
EOF
tagged_repository "$work/mirrors/Alamofire" 5.12.0

app="$work/App"
mkdir -p "$app"
printf '// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(name: "App")\n' > "$app/Package.swift"
scratch=(--package-path "$app" --scratch-path "$work/scratch" --cache-path "$work/cache")
swift package "${scratch[@]}" config set-mirror \
    --original https://github.com/wote/WoteKit --mirror "file://$work/mirrors/WoteKit"
swift package "${scratch[@]}" config set-mirror \
    --original https://github.com/Alamofire/Alamofire.git --mirror "file://$work/mirrors/Alamofire"

# The app's Package.swift: WoteKit by URL as README's "Add it" says, with the traits given, and the
# targets given.
manifest() { # traits-array-literal targets [more dependencies]
    cat > "$app/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(url: "https://github.com/wote/WoteKit", from: "$version", traits: $1),${3:-}
    ],
    targets: [
$2
    ]
)
EOF
}

# Every identity in the resolved graph, one a line. Read whole before a `grep -q` stops reading it
# (with pipefail, the writer's broken pipe would fail the check).
pins() {
    local listed
    listed=$(python3 -c 'import json, sys; [print(p["identity"], p.get("state", {}).get("version", "")) for p in json.load(open(sys.argv[1]))["pins"]]' \
        "$app/Package.resolved")
    printf '%s\n' "$listed"
}

build() { # what
    local start=$SECONDS
    rm -f "$app/Package.resolved"
    if [ "$run" = c ] && [ -n "${WOTE_CONSUMER_C_SCRATCH:-}" ]; then
        scratch=(--package-path "$app" --scratch-path "$WOTE_CONSUMER_C_SCRATCH" --cache-path "$work/cache")
    fi
    swift package "${scratch[@]}" resolve >"$work/resolve.log" 2>&1 || { cat "$work/resolve.log" >&2; exit 1; }
    echo "  resolved: $(pins | tr '\n' ' ')"
    swift build "${scratch[@]}" >"$work/build.log" 2>&1 || { tail -n 60 "$work/build.log" >&2; exit 1; }
    # Warnings as errors in the app's own code, but for a value a snippet names and leaves unused.
    if grep -E '^[^ ]+:[0-9]+:[0-9]+: warning:' "$work/build.log" | grep -Ev 'was never used|never read' | sort -u | grep .; then
        echo "consumer-check: the app's code has warnings" >&2
        exit 1
    fi
    echo "  $1 built ($((SECONDS - start)) s, $(grep -c "Compiling" "$work/build.log" || true) compile steps)"
}

for run in $runs; do
    rm -rf "$app/Sources"
    case "$run" in
    a)
        echo "== consumer (a): default traits; README's code in an Xcode 26 app target and in a plain one"
        WOTE_SNIPPET_DOCS=README.md python3 scripts/snippets/check.py --emit="$app/Sources/Xcode26App" >/dev/null
        cp -R "$app/Sources/Xcode26App" "$app/Sources/PlainApp"
        manifest '[]' '
        // A new Xcode 26 app target: SE-0466, SE-0461 and SE-0470 on, warnings as errors.
        .target(
            name: "Xcode26App",
            dependencies: [.product(name: "WoteKit", package: "WoteKit")],
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]),
        // Swift 6 with nothing more: nonisolated by default.
        .target(
            name: "PlainApp",
            dependencies: [.product(name: "WoteKit", package: "WoteKit")],
            swiftSettings: []),'
        build "Xcode26App and PlainApp"
        [ "$(pins | wc -l)" -eq 1 ] && pins | grep -q '^wotekit ' \
            || { echo "consumer-check: default traits resolved more than WoteKit" >&2; exit 1; }
        echo "  default traits: WoteKit is the only package resolved"
        ;;
    b)
        echo "== consumer (b): trait Alamofire, Alamofire mirrored to the stand-in at 5.12.0"
        mkdir -p "$app/Sources/AlamofireApp"
        cat > "$app/Sources/AlamofireApp/API.swift" <<'EOF'
import Alamofire
import Foundation
import WoteKit
import WoteKitAlamofire

/// The app's Alamofire session: WoteKit's token, refresh and one retry; the token stays on the API.
func makeAPI(_ wote: WoteClient) -> Session {
    Session(interceptor: wote.alamofireInterceptor(), redirectHandler: wote.alamofireRedirectHandler())
}
EOF
        manifest '["Alamofire"]' '
        .target(
            name: "AlamofireApp",
            dependencies: [
                .product(name: "WoteKitAlamofire", package: "WoteKit"),
                .product(name: "Alamofire", package: "Alamofire"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]),' '
        .package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.10.0"),'
        build "AlamofireApp"
        pins | grep -q '^alamofire 5.12.0$' || { echo "consumer-check: Alamofire was not the stand-in at 5.12.0" >&2; exit 1; }
        if pins | grep -q '^async-http-client '; then echo "consumer-check: async-http-client resolved without its trait" >&2; exit 1; fi
        ;;
    c)
        echo "== consumer (c): trait AsyncHTTPClient, from the machine's package mirror"
        mkdir -p "$app/Sources/ServerApp"
        cat > "$app/Sources/ServerApp/Client.swift" <<'EOF'
import Foundation
import WoteKit
import WoteKitAsyncHTTPClient

/// A server-side client of Wote on AsyncHTTPClient.
func makeClient(_ apiURL: URL) -> WoteClient {
    WoteClient(configuration: WoteConfiguration(baseURL: apiURL, transport: .asyncHTTPClient()))
}
EOF
        manifest '["AsyncHTTPClient"]' '
        .target(
            name: "ServerApp",
            dependencies: [.product(name: "WoteKitAsyncHTTPClient", package: "WoteKit")],
            swiftSettings: [.treatAllWarnings(as: .error)]),'
        build "ServerApp"
        pins | grep -q '^async-http-client ' || { echo "consumer-check: async-http-client was not resolved" >&2; exit 1; }
        if pins | grep -q '^alamofire '; then echo "consumer-check: Alamofire resolved without its trait" >&2; exit 1; fi
        ;;
    *) echo "consumer-check: unknown run '$run' (a, b or c)" >&2; exit 2 ;;
    esac
done
echo "consumer-check: runs $runs passed in $((SECONDS - started)) s"
