import Foundation
import WoteDomain

/// Properties the SDK promises for every input; a broken one stops the process, so libFuzzer keeps
/// the input as a crash artifact and `scripts/fuzz.sh` fails.
enum FuzzProperty {
    /// Stops with `message` when `condition` is false.
    static func require(
        _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
    ) {
        if !condition { fatalError("fuzz property violated: \(message())", file: file, line: line) }
    }

    /// Stops with `message`; for branches that must be unreachable.
    static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        fatalError("fuzz property violated: \(message)", file: file, line: line)
    }

    /// Every error a person may see has a sentence to show.
    static func requireReadable(_ error: WoteError, file: StaticString = #fileID, line: UInt = #line) {
        require(!error.message.isEmpty, "\(error) has no message", file: file, line: line)
    }

    /// Does what a token store does with a session it is given (`FileTokenStorage.save` and
    /// `KeychainTokenStorage.save` encode it with `JSONEncoder`; `load` decodes it), and checks that
    /// the session comes back: tokens and state exactly, dates to the millisecond the format keeps.
    static func requireStoreRoundTrip(
        _ session: StoredSession, file: StaticString = #fileID, line: UInt = #line
    ) {
        let encoded: Data
        do {
            encoded = try JSONEncoder().encode(session)
        } catch {
            fail("a session cannot be encoded for the store: \(error)", file: file, line: line)
        }
        let decoded: StoredSession
        do {
            decoded = try JSONDecoder().decode(StoredSession.self, from: encoded)
        } catch {
            fail("the store cannot read back what it wrote: \(error)", file: file, line: line)
        }
        let (before, after) = (session.tokens, decoded.tokens)
        require(after.accessToken == before.accessToken, "access token changed in the store", file: file, line: line)
        require(after.refreshToken == before.refreshToken, "refresh token changed in the store", file: file, line: line)
        require(decoded.profileCompleted == session.profileCompleted, "profile state changed", file: file, line: line)
        require(decoded.appleUserID == session.appleUserID, "Apple user identifier changed", file: file, line: line)
        requireSameInstant(after.accessTokenExpiresAt, before.accessTokenExpiresAt, "access expiry", file, line)
        requireSameInstant(after.refreshTokenExpiresAt, before.refreshTokenExpiresAt, "refresh expiry", file, line)
        requireSameInstant(after.accessTokenIssuedAt, before.accessTokenIssuedAt, "issue date", file, line)
    }

    /// Dates match to the millisecond; beyond ±10^12 s a Double no longer holds every millisecond,
    /// so only presence is compared there.
    private static func requireSameInstant(
        _ stored: Date?, _ original: Date?, _ what: String, _ file: StaticString, _ line: UInt
    ) {
        require((stored == nil) == (original == nil), "\(what) appeared or vanished in the store", file: file, line: line)
        guard let stored, let original else { return }
        let seconds = original.timeIntervalSince1970
        guard abs(seconds) < 1e12 else { return }
        require(
            abs(stored.timeIntervalSince1970 - seconds) <= 0.001,
            "\(what) moved in the store: \(seconds) became \(stored.timeIntervalSince1970)", file: file, line: line)
    }
}
