/// What the server does when a refresh token that a refresh already replaced is sent again
/// (API.md §4.2: "a stricter server rejects it with E016 and may revoke the whole session").
public enum RefreshReuse: String, Sendable, Equatable, CaseIterable, Codable {
    /// The real server's laxness: a superseded refresh token rotates the session again.
    case lax
    /// OAuth's reuse detection: a superseded refresh token gets E016 and revokes its whole family
    /// (the session it belongs to, every token of it).
    case strict
    /// Like `strict`, except that the refresh token just superseded, sent again within the grace
    /// window of its rotation while the pair it was exchanged for is still the session's current one,
    /// gets that same pair again: a client whose answer was lost can retry (Docs/ServerModes.md).
    case grace
}
