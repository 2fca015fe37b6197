/// One option a command declares: `--nickname N` (with a value) or `--yes` (a flag).
package struct CommandOption: Sendable {
    /// The option as written, such as `--nickname`.
    package let name: String
    /// The placeholder of its value in the usage line, such as `N`; `nil` for a flag.
    package let valueName: String?
    /// Whether the usage line shows it as required (without brackets).
    package let isRequired: Bool
    /// Whether it may be given more than once (`wote api -f a=1 -f b=2`).
    package var isRepeatable = false

    /// An option that takes a value.
    ///
    /// - Parameters:
    ///   - name: the option, such as `--nickname`.
    ///   - valueName: the placeholder of its value, such as `N`.
    ///   - required: whether the command needs it.
    package static func value(_ name: String, _ valueName: String, required: Bool = true) -> CommandOption {
        CommandOption(name: name, valueName: valueName, isRequired: required)
    }

    /// An option that takes a value and may be given any number of times, such as `-f key=value`.
    ///
    /// - Parameters:
    ///   - name: the option, such as `-f`.
    ///   - valueName: the placeholder of its value, such as `key=value`.
    package static func repeatable(_ name: String, _ valueName: String) -> CommandOption {
        var option = CommandOption(name: name, valueName: valueName, isRequired: false)
        option.isRepeatable = true
        return option
    }

    /// An option without a value.
    ///
    /// - Parameters:
    ///   - name: the flag, such as `--no-remember`.
    ///   - required: whether the command refuses to run without it (`withdraw --yes`).
    package static func flag(_ name: String, required: Bool = false) -> CommandOption {
        CommandOption(name: name, valueName: nil, isRequired: required)
    }

    /// Whether the option takes no value.
    package var isFlag: Bool { valueName == nil }

    /// How the usage line writes it: `--image FILE`, in brackets when it is optional.
    package var usage: String {
        let written = valueName.map { "\(name) \($0)" } ?? name
        if isRepeatable { return "[\(written)]..." }
        return isRequired ? written : "[\(written)]"
    }
}
