/// A failure with no HTTP answer, for custom transports that do not speak `URLError`.
public enum TransportError: Error, Sendable, Equatable {
    /// No connection could be made or it broke before an answer.
    case network(String)
    /// No answer in time.
    case timeout
}
