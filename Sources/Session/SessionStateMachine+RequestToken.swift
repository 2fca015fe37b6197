package import Foundation
import WoteDomain

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
}
