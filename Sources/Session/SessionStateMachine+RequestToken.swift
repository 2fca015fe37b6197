package import Foundation
package import WoteDomain

// The decision a request makes for its token before it is sent, when the lane could not hand it one
// without the actor: its session gone, a refresh to wait for, a refresh first, or the token to send.
extension SessionStateMachine {
    /// What a request about to be sent does for its token.
    package enum RequestTokenStep: Sendable, Equatable {
        /// The session the request was issued under is gone (it ended, or another began): it fails.
        case sessionGone
        /// A refresh is under way: the request waits for its pair rather than send the old token.
        case joinRefresh
        /// The access token expires within the leeway: one refresh first.
        case refreshFirst
        /// The request goes with `token`, its session's profile completed or not.
        case send(token: String, profileCompleted: Bool)
    }

    /// What a request issued under `issued` does for its token now.
    ///
    /// - Parameters:
    ///   - deviceNow: the device's time now (the session's offset gives the server's).
    ///   - leeway: how long before its expiry an access token is renewed, in seconds.
    ///   - joined: whether the request has just waited for a refresh that left the session as it was
    ///     (a passing failure): then it neither checks its generation again (the refresh did) nor
    ///     waits for another flight, and a token due for renewal is refreshed first.
    package func requestToken(issuedIn issued: UInt64, deviceNow: Date, leeway: TimeInterval, joined: Bool = false)
        -> RequestTokenStep
    {
        guard let session, joined || isCurrent(issued) else { return .sessionGone }
        if !joined, flight != nil { return .joinRefresh }
        let serverNow = deviceNow.addingTimeInterval(session.serverClockOffset ?? 0)
        guard Self.needsRefresh(session.tokens, at: serverNow, leeway: leeway) else {
            return .send(token: session.tokens.accessToken, profileCompleted: session.profileCompleted)
        }
        return .refreshFirst
    }

    /// What a request takes for its token without entering the engine, from what the engine last
    /// published (its lane, read off the actor).
    package enum LaneToken: Sendable, Equatable {
        /// The request goes with `token`, its session's profile completed or not.
        case send(token: String, profileCompleted: Bool)
        /// Something needs the engine (no session, a refresh under way, a store behind, a notice not
        /// followed yet, a token due for renewal): ``requestToken(issuedIn:deviceNow:leeway:joined:)`` decides.
        case askEngine
    }

    /// Decides whether a request takes its token from the lane without entering the engine.
    ///
    /// - Parameters:
    ///   - issued: the generation the request was issued under, if it was: the lane's token is its
    ///     own only while the lane still shows that generation.
    ///   - generation: the generation the engine published with `session`.
    ///   - session: the session as the engine published it (`nil`: none, or not yet the new generation's).
    ///   - refreshing: whether a refresh is under way.
    ///   - storeBehind: whether the store refused the pair memory holds (the engine writes it again).
    ///   - noticePending: whether a store notice is not followed yet (``waitForNotices(pending:)``).
    ///   - deviceNow: the device's time now (the session's offset gives the server's).
    ///   - leeway: how long before its expiry an access token is renewed, in seconds.
    package static func laneToken(
        issuedIn issued: UInt64? = nil, generation: UInt64, session: StoredSession?, refreshing: Bool,
        storeBehind: Bool, noticePending: Bool, deviceNow: Date, leeway: TimeInterval
    ) -> LaneToken {
        guard !refreshing, !storeBehind, !noticePending, let session, issued ?? generation == generation else {
            return .askEngine
        }
        let serverNow = deviceNow.addingTimeInterval(session.serverClockOffset ?? 0)
        guard !needsRefresh(session.tokens, at: serverNow, leeway: leeway) else { return .askEngine }
        return .send(token: session.tokens.accessToken, profileCompleted: session.profileCompleted)
    }
}
