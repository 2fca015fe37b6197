import WoteData
package import WoteDomain

extension SessionEngine {
    /// Apple's user identifier of the current session, when it began with Sign in with Apple.
    package func appleUserID() -> String? {
        session?.appleUserID
    }

    /// Ends the session for `reason` (through ``end(reason:)``), but only while it still belongs to
    /// the Apple user `userID`: a verdict about an earlier Apple user never signs out a newer session.
    ///
    /// - Returns: whether a session was ended.
    /// - Throws: ``WoteError/storageFailure(_:)`` when the stored tokens could not be removed; the
    ///   in-memory session has ended all the same.
    package func end(reason: SignOutReason, ifAppleUserIs userID: String) async throws(WoteError) -> Bool {
        // No suspension between the check and `end`'s in-memory sign-out: nothing can begin in between.
        guard machine.appleVerdictEnds(userID: userID) else { return false }
        try await end(reason: reason)
        return true
    }
}
