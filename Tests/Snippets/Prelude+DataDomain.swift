// More of what the examples in the documentation comments of Sources/Domain, Sources/Data,
// Sources/Repository and Sources/WoteKitTesting leave to the reader, compiled with
// Tests/Snippets/Prelude.swift by scripts/check-snippets.sh. Nothing here is WoteKit API: each name
// stands for something an app has of its own. Compiled, never run.

import WoteKit

/// The app's own wrapper around the Kakao SDK's login: the authorization code Kakao handed over, or
/// ``WoteError/cancelled`` when the person backed out (LoginProvider's example).
func askKakaoSDKForCode() async throws(WoteError) -> String {
    "kakao-authorization-code"
}

/// The app's own wrapper around the Kakao SDK's `UserApi.shared.unlink` (LoginProvider's example).
func askKakaoSDKToUnlink() async throws(WoteError) {}
