package import Foundation
import WoteKit

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// `wote api [-X METHOD] PATH [-f key=value]... [-F key=value]... [--input FILE|-]`: one request
/// of the person's own to the Wote API through the session, after `gh api`. Standard output gets
/// the body as it came, made inert when it holds a control (``printableBody(_:)``); WoteKit's
/// verdict on it decides the exit code.
package struct APICommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["api"], arguments: ["PATH"],
        options: [
            .value("-X", "METHOD", required: false), .repeatable("-f", "key=value"),
            .repeatable("-F", "key=value"), .value("--input", "FILE|-", required: false),
        ],
        summary: "Send a request of your own to the Wote API and print the answer's body.",
        details: """
            PATH starts with /, or is a full URL on the server's own origin (scheme, host and port
            as --server gives them); any other origin is refused and nothing is sent.
            GET by default; POST when fields or --input are given; -X chooses the method.
            -f adds a string field; -F a typed one (true, false, null, a number, else a string).
            Fields make a JSON object body, or query parameters for GET (and with --input).
            --input sends FILE, or standard input for -, as the body.
            The body is printed as it came, even for a refusal (the message goes to standard error);
            the exit code follows the answer, as for every other command. A body holding a control
            character (C0, DEL, C1, U+2028/U+2029, a bidirectional control) or bytes that are not
            UTF-8 is made inert first: JSON is written again with those characters as \\uXXXX
            escapes (the same JSON value), other text shows them as \\u{1B}.
            The sign-in and token endpoints are refused: their answers hold tokens.
            """)

    /// One `-f` or `-F` field.
    package struct Field: Sendable, Equatable {
        /// The field's name.
        package var name: String
        /// Its value: always a string for `-f`; typed for `-F`.
        package var value: JSONValue
    }

    /// `-X`, or `nil` for the default (GET, or POST with fields or `--input`).
    package var method: String?
    /// PATH as written.
    package var target: String
    /// The fields, in the order written.
    package var fields: [Field]
    /// `--input`: a file, or `-` for standard input.
    package var input: String?

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        if let method = arguments.value(of: "-X") {
            guard !method.isEmpty, method.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw .usage("-X: expected an HTTP method such as GET or POST, not '\(method)'")
            }
            self.method = method.uppercased()
        }
        target = try arguments.positional()
        guard target.hasPrefix("/") && !target.hasPrefix("//") || Self.isURL(target) else {
            throw .usage("PATH: expected a path starting with / or a URL on the server, not '\(target)'")
        }
        fields = try arguments.repeatedValues(of: ["-f", "-F"]).map { (option, text) throws(CommandFailure) in
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw .usage("\(option): expected key=value, not '\(text)'")
            }
            let name = String(text[..<equals])
            let raw = String(text[text.index(after: equals)...])
            return Field(name: name, value: option == "-F" ? Self.typed(raw) : .string(raw))
        }
        input = try arguments.value(of: "--input").map { (path) throws(CommandFailure) in
            try ArgumentCursor.nonBlank(path, named: "--input")
        }
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let request = try urlRequest(base: context.options.serverURL)
        try await context.restore()
        let response: HTTPResponse
        do {
            response = try await context.wote.response(for: request)
        } catch  where error.kind == .foreignOrigin {
            throw .usage(
                "PATH: '\(target)' is not on the server's origin (\(context.options.serverURL.absoluteString)); "
                    + "nothing was sent")
        } catch {
            throw CommandFailure(error)
        }
        context.terminal.writeOutput(Self.printableBody(response.body))
        guard let error = context.wote.verdict(of: response) else { return .alreadyPrinted }
        // The body is the output, even for a refusal; the person reads why on standard error.
        let failure = CommandFailure(error)
        context.terminal.printError(WoteCommandLine.errorText(failure))
        throw failure.alreadyReported()
    }

    /// The request as `URLRequest`, so that WoteKit checks its origin before anything is sent.
    ///
    /// - Throws: a usage failure for a PATH that makes no URL, an auth endpoint, or an unreadable `--input`.
    package func urlRequest(base: URL) throws(CommandFailure) -> URLRequest {
        var root = base.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        guard let url = URL(string: target.hasPrefix("/") ? root + target : target),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else {
            throw .usage("PATH: '\(target)' is not a valid path or URL")
        }
        if Self.isTokenPath(components.path) {
            throw .usage(
                "PATH: the sign-in and token endpoints answer with tokens; use wote login, signin, refresh or logout")
        }
        let body = try self.body()
        let sendsFieldsAsQuery = effectiveMethod == "GET" || input != nil
        if sendsFieldsAsQuery && !fields.isEmpty {
            components.queryItems =
                (components.queryItems ?? [])
                + fields.map { URLQueryItem(name: $0.name, value: $0.value.stringValue ?? $0.value.text) }
        }
        guard let finalURL = components.url else { throw .usage("PATH: '\(target)' is not a valid path or URL") }
        var request = URLRequest(url: finalURL)
        request.httpMethod = effectiveMethod
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    private var effectiveMethod: String {
        method ?? (fields.isEmpty && input == nil ? "GET" : "POST")
    }

    private func body() throws(CommandFailure) -> Data? {
        if let input {
            do {
                if input == "-" {
                    // Waiting for the person's input does not count against `--timeout`.
                    return try CommandDeadline.whileReadingInput { try FileHandle.standardInput.readToEnd() } ?? Data()
                }
                return try Data(contentsOf: URL(fileURLWithPath: input))
            } catch {
                throw .usage("--input: cannot read '\(input)'")
            }
        }
        guard effectiveMethod != "GET", !fields.isEmpty else { return nil }
        return Data(JSONValue.object(fields.map { ($0.name, $0.value) }).text.utf8)
    }

    /// The body as `wote api` prints it, in both output modes: exactly as it came when it is UTF-8
    /// text without a scalar a terminal could act on (``TerminalText``; the line feed and the tab
    /// are fine); otherwise, when it is JSON, the same JSON value written again by ``JSONValue``,
    /// whose escapes make every such scalar inert (`\u009b`); otherwise the text made inert
    /// (`\u{9B}`, bytes that are not UTF-8 as U+FFFD).
    package static func printableBody(_ body: Data) -> Data {
        var bytes = body.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar):
                if TerminalText.isControl(scalar, keepingLineBreaks: true) { break decoding }
            case .emptyInput: return body
            case .error: break decoding
            }
        }
        if let value = JSONValue.parse(body) { return Data(value.text.utf8) }
        return Data(TerminalText.inert(String(decoding: body, as: UTF8.self)).utf8)
    }

    /// Paths whose answers carry tokens, refused so that `wote api` never prints one.
    private static let tokenPaths = ["/api/auth/", "/login/oauth2/"]

    /// Whether `path` (percent-decoded) reaches a token endpoint however it is written: any case,
    /// repeated slashes (`/api//auth/signin`) and `.` segments are read as a server routes them.
    private static func isTokenPath(_ path: String) -> Bool {
        let segments = path.lowercased().split(separator: "/").filter { $0 != "." }
        let normalized = "/" + segments.joined(separator: "/") + "/"
        return tokenPaths.contains { normalized.contains($0) }
    }

    private static func isURL(_ text: String) -> Bool {
        guard let scheme = URL(string: text)?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// `-F`'s value: `true`, `false`, `null`, a JSON number, else the text as a string.
    package static func typed(_ text: String) -> JSONValue {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if !text.contains(where: \.isWhitespace), let number = JSONValue.parse(Data(text.utf8)) {
                switch number {
                case .number, .literal: return number
                default: break
                }
            }
            return .string(text)
        }
    }
}
