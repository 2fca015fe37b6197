/// How the post commands read their arguments: a post id, a feed scope, a page number.
enum PostArguments {
    /// The scopes `--scope` takes, as the API spells them.
    static let scopes = ["global": "GLOBAL", "school": "SCHOOL"]

    /// A post id: a whole number from 1 up.
    ///
    /// - Throws: a usage failure naming `ID` otherwise.
    static func postID(_ text: String) throws(CommandFailure) -> Int {
        guard let id = Int(text), id > 0, text.allSatisfy(\.isASCII) else {
            throw .usage("ID: expected a post id (a whole number from 1), not '\(text)'")
        }
        return id
    }

    /// The API's `visibilityScope` for `--scope` (`global` or `school`, any case); `GLOBAL` when not given.
    ///
    /// - Throws: a usage failure naming `--scope` for another value.
    static func scope(_ text: String?) throws(CommandFailure) -> String {
        guard let text else { return "GLOBAL" }
        guard let scope = scopes[text.lowercased()] else {
            throw .usage("--scope: expected global or school, not '\(text)'")
        }
        return scope
    }

    /// A whole number of at least `minimum` for `option`, or `fallback` when not given.
    ///
    /// - Throws: a usage failure naming `option` otherwise.
    static func integer(_ text: String?, named option: String, atLeast minimum: Int, default fallback: Int)
        throws(CommandFailure) -> Int
    {
        guard let text else { return fallback }
        guard let value = Int32(text).map(Int.init), value >= minimum, text.allSatisfy(\.isASCII) else {
            throw .usage("\(option): expected a whole number from \(minimum), not '\(text)'")
        }
        return value
    }
}
