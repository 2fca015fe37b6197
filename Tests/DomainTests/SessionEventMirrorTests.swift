import Foundation
import Testing
import WoteDomain

/// Security reviews 2026-11-26 (13) and 2026-11-28 (N9): `SessionEvent` had no `customMirror`, so
/// `dump(event)` walked into the fetched member's profile, a signed image URL (a token in its query)
/// included, although `description` hides it.
@Suite struct SessionEventMirrorTests {
    private static let secret = "X-Amz-Security-Token=SIGNEDSECRET0123456789abcdef"

    private static func dumped(_ event: SessionEvent) -> String {
        var text = ""
        dump(event, to: &text)
        return text
    }

    @Test func n9_dumpOfAFetchedProfile_showsNeitherTheSignedURLNorTheMember() {
        let user = User(
            nickname: "secret-nickname", school: School(name: "Secret High", region: .seoul),
            profileImageURL: URL(string: "https://cdn.example/p/1.jpg?\(Self.secret)"))
        let text = Self.dumped(.profileFetched(user))
        #expect(!text.contains("SIGNEDSECRET"), "\(text)")
        #expect(!text.contains("secret-nickname"), "\(text)")
        #expect(!text.contains("Secret High"), "\(text)")
        #expect(text.contains("profileFetched"))
    }

    @Test func n9_dumpOfAnyEvent_isItsDescription() {
        let events: [SessionEvent] = [
            .signedIn, .refreshStarted, .signedOut(.loggedOut),
            .refreshFailed(.serverFailure(status: 500, code: nil, message: "Bearer eyJhbGciOi.\(Self.secret)")),
            .serverNotToldOfLogout(.rejected(code: "E002", message: "refresh_token=\(Self.secret)")),
        ]
        for event in events {
            let text = Self.dumped(event)
            #expect(text.contains(event.description), "\(text)")
            #expect(!text.contains("SIGNEDSECRET"), "\(text)")
        }
    }
}
