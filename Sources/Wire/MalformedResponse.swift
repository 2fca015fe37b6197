/// Why an answer could not be used; `httpStatus` is what the HTTP layer said.
package struct MalformedResponse: Sendable, Equatable, CustomStringConvertible {
    package enum Problem: Sendable, Equatable {
        /// The body was empty.
        case emptyBody
        /// The body is not JSON (an HTML error page, plain text, a redirect page).
        case notJSON(contentType: String?)
        /// JSON that ends early or does not parse.
        case invalidJSON
        /// The top level is not an object.
        case notAnObject
        /// A field that must be there is missing.
        case missingField(String)
        /// A field has the wrong JSON type.
        case wrongType(field: String)
        /// The body is larger than WoteKit accepts.
        case tooLarge(bytes: Int)
        /// The server redirected where WoteKit does not follow.
        case unexpectedRedirect
        /// A redirect to another origin than the API's: its answer is not the API's.
        case redirectToAnotherOrigin
    }

    package var httpStatus: Int
    package var problem: Problem

    package init(httpStatus: Int, problem: Problem) {
        self.httpStatus = httpStatus
        self.problem = problem
    }

    package var description: String {
        let what =
            switch problem {
            case .emptyBody: "empty body"
            case .notJSON(let type): "body is not JSON (content type \(type ?? "unknown"))"
            case .invalidJSON: "body is not valid JSON (truncated or garbled)"
            case .notAnObject: "body is not a JSON object"
            case .missingField(let field): "missing field `\(field)`"
            case .wrongType(let field): "field `\(field)` has the wrong type"
            case .tooLarge(let bytes): "body too large (\(bytes) bytes)"
            case .unexpectedRedirect: "unexpected redirect"
            case .redirectToAnotherOrigin: "redirected to another origin"
            }
        return "HTTP \(httpStatus): \(what)"
    }
}
