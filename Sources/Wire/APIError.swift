package import WoteDomain

/// What went wrong below the repositories, before any domain meaning is given to it.
///
/// A body that *is* a valid envelope is never an `APIError`: the envelope is handed to the
/// repository, which decides from its `divisionCode` and `status`.
package enum APIError: Error, Sendable, Equatable {
    /// No HTTP answer: offline, refused, reset, TLS failure. The text is for logs.
    case network(String)
    /// No answer in time.
    case timeout
    /// The caller's task was cancelled.
    case cancelled
    /// An answer arrived that is not a usable envelope.
    case malformed(MalformedResponse)
    /// The session layer answered for the server: no session, the session ended, storage failed,
    /// or the refresh storm guard tripped.
    case session(WoteError)
}
