public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension FakeWoteServer {
    /// Something that goes wrong with a request on its way, set for a path with
    /// ``FakeWoteServer/inject(_:on:times:)``.
    public enum Fault: Sendable {
        /// No answer, and the server never saw the request: the transport fails with
        /// `TransportError.network`.
        case drop
        /// The server answers only after `duration` of real time (cancelling the call ends the wait):
        /// for a deadline or a time-out. To hold a request without a clock, use ``hold(_:)``.
        case delay(Duration)
        /// The request waits at `gate` before the server looks at it, until the test opens the gate.
        case hold(CallGate)
        /// The server does what the request asks (a refresh rotates the pair, a logout ends the
        /// token), then the answer is lost on the way back: the transport fails with
        /// `TransportError.network`.
        case loseAnswer
        /// An HTTP `status` (5xx) with a `G999` envelope; nothing is done.
        case serverError(status: Int)
        /// A proxy's HTML page with HTTP `status`; nothing is done.
        case htmlPage(status: Int)
        /// HTTP `status` with `Retry-After: <seconds>` and a `G999` envelope: the server asks to be
        /// called again later; nothing is done.
        case retryAfter(seconds: Int, status: Int)
        /// The server answers `reply` instead of looking at the request (nothing is done), with a
        /// `Date` header of the server's time unless `reply` has one: for an answer the contract's
        /// rules would not give, such as a refresh answer carrying a pair the test chose, an
        /// envelope a decoder test needs, or a ``StubTransport/Reply/failure(_:)`` of the transport.
        case answer(Reply)
    }

    /// One request the server received, and what became of it, for a test's assertions.
    ///
    /// Its description and mirror name the method, path and answer, never the tokens or the body.
    public struct LoggedRequest: Sendable, CustomStringConvertible, CustomReflectable {
        /// What became of a request.
        public enum Outcome: Sendable, Equatable {
            /// An HTTP answer with this status and, when the body had one, division code.
            case answered(status: Int, divisionCode: String?)
            /// No answer reached the caller (``Fault/drop`` or ``Fault/loseAnswer``).
            case noAnswer
            /// The caller went away (cancelled) while the request was delayed or held.
            case cancelled
        }

        /// The request as the transport received it.
        public let request: URLRequest
        /// The HTTP method.
        public let method: String
        /// The URL's path.
        public let path: String
        /// The token of `Authorization: Bearer <token>`, when the request carried one.
        public let bearer: String?
        /// What became of it.
        public let outcome: Outcome

        /// The method, path and outcome.
        public var description: String { "\(method) \(path) → \(outcome)" }

        /// A mirror without the request (its headers and body hold tokens and passwords).
        public var customMirror: Mirror {
            Mirror(
                self, children: ["method": method, "path": path, "outcome": outcome, "hasBearer": bearer != nil],
                displayStyle: .struct)
        }
    }

    /// One request of the app's own (any path the contract does not define), handed to the handler
    /// set with ``FakeWoteServer/handleAppCalls(_:)``.
    public struct AppCall: Sendable, CustomStringConvertible {
        /// The request as it arrived.
        public let request: URLRequest
        /// The member whose access token the request carried, once the server accepted it; `nil`
        /// for a request sent without `Authorization`.
        public let member: String?

        /// The HTTP method.
        public var method: String { request.httpMethod ?? "GET" }
        /// The URL's path.
        public var path: String { request.url?.path ?? "" }
        /// The body, empty when there is none.
        public var body: Data { request.httpBody ?? Data() }

        /// The method, path and member.
        public var description: String { "AppCall(\(method) \(path), member: \(member ?? "none"))" }
    }

    /// The answer to one app call: a JSON envelope or any HTTP answer.
    public typealias Reply = StubTransport.Reply
}
