import Foundation

/// One command's arguments as written, checked against its ``CommandConfiguration``: what
/// ``WoteCommand/init(parsing:)`` reads its values from.
///
/// The shape is checked when the cursor is made (unknown or repeated options, a flag given a value,
/// too many or too few positionals); the values are checked by the command as it reads them.
package struct ArgumentCursor {
    /// The command the arguments belong to.
    package let configuration: CommandConfiguration
    private var positionals: [String] = []
    private var nextPositional = 0
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// The values of repeatable options, in the order they were written, whichever option gave them.
    private var repeated: [(option: String, value: String)] = []

    /// Reads `arguments` (after the command's words) against `configuration`; `--` ends the options.
    ///
    /// - Throws: a usage failure naming the argument that does not fit.
    package init(_ arguments: [String], for configuration: CommandConfiguration) throws(CommandFailure) {
        self.configuration = configuration
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded && argument == "--" {
                optionsEnded = true
                continue
            }
            guard !optionsEnded, OptionSyntax.isOption(argument) else {
                positionals.append(argument)
                continue
            }
            let (name, inline) = OptionSyntax.split(argument)
            if let instead = configuration.retiredOptions[name] {
                // Its value is private: say how to give it, never repeat it.
                throw .usage("\(name): no longer an argument, where other users of the machine can read it; \(instead)")
            }
            guard let option = configuration.option(named: name) else {
                throw .usage("unknown option '\(name)' for 'wote \(command)'; run 'wote \(command) --help'")
            }
            if option.isFlag {
                guard inline == nil else { throw .usage("\(name): takes no value") }
                flags.insert(name)
            } else if option.isRepeatable {
                repeated.append((name, try OptionSyntax.value(of: name, inline: inline, in: arguments, at: &index)))
            } else {
                guard values[name] == nil else { throw .usage("\(name): given more than once") }
                values[name] = try OptionSyntax.value(of: name, inline: inline, in: arguments, at: &index)
            }
        }
        try checkPositionalCount()
    }

    private var command: String { configuration.name }

    private func checkPositionalCount() throws(CommandFailure) {
        let expected = configuration.arguments
        if positionals.count > expected.count {
            if let secret = configuration.readsSecret {
                // Most likely the secret: never echo it.
                throw .usage(
                    "unexpected argument for 'wote \(command)'; the \(secret) is read from standard input, "
                        + "never from an argument (where other users of the machine can read it)")
            }
            throw .usage("unexpected argument '\(positionals[expected.count])' for 'wote \(command)'")
        }
        if positionals.count < expected.count {
            throw .usage("missing \(expected[positionals.count]) for 'wote \(command)'")
        }
    }

    /// The next positional argument.
    ///
    /// - Throws: a usage failure naming the missing argument (only when the declaration has fewer
    ///   placeholders than the command reads).
    package mutating func positional() throws(CommandFailure) -> String {
        guard nextPositional < positionals.count else {
            let placeholder =
                configuration.arguments.indices.contains(nextPositional)
                ? configuration.arguments[nextPositional] : "argument"
            throw .usage("missing \(placeholder) for 'wote \(command)'")
        }
        defer { nextPositional += 1 }
        return positionals[nextPositional]
    }

    /// The value given to `option`, or `nil` when it was not given.
    package func value(of option: String) -> String? {
        values[option]
    }

    /// The values given to the repeatable options `names`, in the order they were written, with the
    /// option that gave each one.
    package func repeatedValues(of names: Set<String>) -> [(option: String, value: String)] {
        repeated.filter { names.contains($0.option) }
    }

    /// The value given to `option`.
    ///
    /// - Throws: a usage failure naming the option when it was not given.
    package func required(_ option: String) throws(CommandFailure) -> String {
        guard let value = values[option] else { throw .usage("missing \(option) for 'wote \(command)'") }
        return value
    }

    /// Whether the flag `name` was given.
    package func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// `value`, unless it is empty or only white space.
    ///
    /// - Parameters:
    ///   - value: the argument's value.
    ///   - name: how the usage error names the argument.
    /// - Throws: a usage failure naming the argument when the value is blank.
    package static func nonBlank(_ value: String, named name: String) throws(CommandFailure) -> String {
        guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .usage("\(name): must not be empty")
        }
        return value
    }
}
