package import Foundation

/// The largest difference between the server's clock and the device's that the SDK believes.
///
/// The offset comes from what the server says (the access token's `iat`, or the `Date` header)
/// and is applied to every expiry decision and kept with the session. A hostile server, or an
/// attacker on `http://`, could otherwise push it years away: every token would look expired (a
/// refresh before each request) or never expire on the device's side. Issue 12 promises correct
/// expiry with the device clock off by up to 30 days, so the bound is 31 days; an offset beyond
/// it is refused: not applied, not stored, and one read back from a store is dropped.
package enum ServerClockOffsetBound {
    /// 31 days, in seconds: just above issue 12's ±30 days of device-clock skew.
    package static let limit: TimeInterval = 31 * 86_400

    /// `offset` when it is a finite number within ±``limit``; `nil` otherwise (and for `nil`).
    package static func accepted(_ offset: TimeInterval?) -> TimeInterval? {
        guard let offset, offset.isFinite, abs(offset) <= limit else { return nil }
        return offset
    }
}
