/// A failure with no HTTP answer, for custom transports that do not speak `URLError`.
public enum TransportError: Error, Sendable, Equatable {
    /// No connection could be made or it broke before an answer.
    case network(String)
    /// No answer in time.
    case timeout
    /// The answer's body went past the response size limit (`WoteConfiguration.maximumResponseSize`,
    /// counted after decompression) and the transfer was stopped: `bytes` were read by then.
    case responseTooLarge(httpStatus: Int, bytes: Int)
}
