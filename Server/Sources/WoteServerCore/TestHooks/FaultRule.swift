/// One injected fault (`POST /__test/faults`).
struct FaultRule: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable, CaseIterable {
        /// The given HTTP status with a valid G999 error envelope.
        case status
        /// An HTML page with the given status (default 502).
        case html
        /// An empty body (status default 200).
        case empty
        /// A JSON envelope cut in half (status default 200).
        case truncated
        /// An envelope whose fields have the wrong JSON types (status default 200).
        case wrongTypes
        /// `{"status":200,"message":"SUCCESS"}` without `data` (status default 200).
        case missingData
        /// Wait `delayMs`, then answer normally.
        case delay
        /// Close the connection without any HTTP answer.
        case drop
        /// Handle the request as usual (a refresh rotates, a logout logs out), then close the
        /// connection without any HTTP answer: the answer is lost after the server acted.
        case dropAnswer
        /// Handle the request as usual, then hold the answer for `delayMs` before sending it: the
        /// server has acted while the client still waits (a client killed meanwhile never gets it).
        case holdAnswer
    }

    /// `nil` or "*" matches every method.
    var method: String?
    /// An exact path, or a prefix ending in "*" (for example "/api/*").
    var path: String
    var kind: Kind
    var status: Int?
    var delayMs: Int?
    /// How many requests it applies to; `nil` means until reset.
    var times: Int?

    func matches(method requestMethod: String, path requestPath: String) -> Bool {
        if let method, method != "*", method.uppercased() != requestMethod { return false }
        if path.hasSuffix("*") { return requestPath.hasPrefix(path.dropLast()) }
        return path == requestPath
    }

    /// Why the rule cannot be used, or `nil` if it can.
    var problem: String? {
        if path.isEmpty { return "path is empty" }
        if let status, !(100...599).contains(status) { return "status must be 100-599" }
        if let times, times < 1 { return "times must be at least 1" }
        if let delayMs, delayMs < 0 || delayMs > 600_000 { return "delayMs must be 0-600000" }
        if kind == .delay && delayMs == nil { return "delay needs delayMs" }
        if kind == .status && status == nil { return "status needs status" }
        return nil
    }
}
