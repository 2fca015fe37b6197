#!/usr/bin/env bash
# Type-checks the SwiftUI and UIKit snippets of ObservingTheSession.md on Linux: each `swift` block
# that imports SwiftUI or UIKit is compiled as an app module of its own against WoteKit's public API
# (the modules `swift build` made) and the stand-in SwiftUI and UIKit modules of AppleStandIns/,
# with the few app types the snippets name (their screens) declared as placeholders below.
# It shows the snippets use WoteKit and the Apple API as declared; the stand-ins cannot show that
# Apple's modules declare exactly the same (see the headers of AppleStandIns/SwiftUI and UIKit).
#
# Usage: scripts/typecheck-observing-snippets.sh   (after `swift build`; run from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."

article=Sources/WoteKit/WoteKit.docc/ObservingTheSession.md
modules=${WOTE_MODULES_DIR:-.build/debug/Modules}
if [ ! -f "$modules/WoteKit.swiftmodule" ]; then
    echo "typecheck-observing-snippets: $modules/WoteKit.swiftmodule is missing; run 'swift build' first" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/standins"
for module in SwiftUI UIKit; do
    swiftc -emit-module -enable-library-evolution -suppress-warnings -swift-version 6 -parse-as-library \
        -module-cache-path "$work/cache" -module-name "$module" \
        -emit-module-path "$work/standins/$module.swiftmodule" "AppleStandIns/$module/$module.swift"
done

# Every ```swift block, one file each.
awk -v dir="$work" '
    /^```swift$/ { n++; file = sprintf("%s/snippet%d.swift", dir, n); inside = 1; next }
    /^```$/ { inside = 0; next }
    inside { print > file }
' "$article"

cat > "$work/SwiftUIPlaceholders.swift" <<'SWIFT'
import SwiftUI
import WoteKit

struct HomeView: View {
    let wote: WoteClient
    var body: some View { Text("home") }
}

struct ProfileSetupView: View {
    let wote: WoteClient
    var body: some View { Text("profile") }
}

struct LoginView: View {
    let wote: WoteClient
    let reason: SignOutReason?
    var body: some View { Text("login") }
}
SWIFT

cat > "$work/UIKitPlaceholders.swift" <<'SWIFT'
import Foundation
import UIKit
import WoteKit

enum AppDependencies {
    static let wote = WoteClient(configuration: WoteConfiguration(baseURL: URL(string: "https://api.wote.test")!))
}

final class LaunchScreenViewController: UIViewController {}

final class HomeViewController: UIViewController {
    init(wote: WoteClient) {}
}

final class ProfileSetupViewController: UIViewController {
    init(wote: WoteClient) {}
}

final class LoginViewController: UIViewController {
    init(wote: WoteClient) {}
}
SWIFT

checked=0
for snippet in "$work"/snippet*.swift; do
    if grep -q '^import SwiftUI$' "$snippet"; then
        placeholders="$work/SwiftUIPlaceholders.swift"
    elif grep -q '^import UIKit$' "$snippet"; then
        placeholders="$work/UIKitPlaceholders.swift"
    else
        continue
    fi
    swiftc -typecheck -module-name SnippetApp -parse-as-library -swift-version 6 -warnings-as-errors \
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
        -module-cache-path "$work/cache" -I "$work/standins" -I "$modules" "$snippet" "$placeholders"
    checked=$((checked + 1))
done
if [ "$checked" -lt 2 ]; then
    echo "typecheck-observing-snippets: expected a SwiftUI and a UIKit snippet, found $checked" >&2
    exit 1
fi
echo "typecheck-observing-snippets: $checked snippets of $article type-check"
