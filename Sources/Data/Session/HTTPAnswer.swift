public import Foundation

/// An HTTP answer as a ``SessionContract`` sees it.
public struct HTTPAnswer: Sendable {
    /// The HTTP status.
    public var status: Int
    /// The body bytes.
    public var body: Data

    /// Creates an answer.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}
