/// How options are written: `--name value` or `--name=value`.
enum OptionSyntax {
    /// Whether `argument` is written as an option.
    static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument.count > 1
    }

    /// Splits `--name=value` into its name and value; other arguments have no inline value.
    static func split(_ argument: String) -> (name: String, inline: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The value of option `name`: written inline, or the next argument (which is then consumed),
    /// whatever it looks like: `--contents --store=x` gives the contents `--store=x`, so a value
    /// from a script can never become an option of its own.
    static func value(of name: String, inline: String?, in arguments: [String], at index: inout Int)
        throws(CommandFailure) -> String
    {
        if let inline { return inline }
        guard index < arguments.count else {
            throw .usage("\(name): missing value")
        }
        defer { index += 1 }
        return arguments[index]
    }
}
