import WoteData
import WoteDomain

extension SessionEngine {
    /// Binds a session stored without an origin (the format before issue 12, or a file someone
    /// wrote by hand) to this engine's origin at its first use, and writes it back that way under
    /// the store's lock: from then on a client of any other origin leaves it alone (security
    /// review 2026-11-26, finding 7). Call it once the session was restored from `stored` with an
    /// access token still valid; otherwise the refresh that follows writes the origin.
    ///
    /// Nothing is written when the store changed meanwhile (another process refreshed, signed
    /// out or signed in elsewhere: that write wins) or the session ended; a store that cannot be
    /// written keeps the old file, which the next write replaces.
    ///
    /// - Returns: `nil`, as a restore that needed no refresh does.
    func bindOriginOfLegacySession(_ stored: StoredSession) async -> WoteError? {
        guard SessionStateMachine.bindsOrigin(of: stored) else { return nil }
        _ = try? await withStore { () async throws(WoteError) in
            let reading = await reconcileWithStore()
            guard machine.writesBoundOrigin(after: reading, origin: origin) else { return }
            try await writeMemoryToStore(replacingOtherOrigins: false)
        }
        return nil
    }
}
