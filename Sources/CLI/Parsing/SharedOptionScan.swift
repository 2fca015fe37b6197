/// The shared options picked out of a command line, and everything else in order.
///
/// A shared option is only taken where an option stands, never from the value of a command's
/// option: in `wote post create --title T --contents --store=/elsewhere`, `--store=/elsewhere` is
/// the contents, not a second store. The command is known by then (its words come before its
/// options), so its declaration says which of its options take a value.
struct SharedOptionScan {
    var json = false
    var showTokens = false
    var verbose = false
    var help = false
    var version = false
    var server: String?
    var store: String?
    var timeout: String?
    /// The other arguments, `--` included, in their order.
    var rest: [String] = []

    init(_ arguments: [String]) throws(CommandFailure) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "--" {
                optionsEnded = true
                rest.append(argument)
                continue
            }
            let (name, inline) = OptionSyntax.split(argument)
            switch name {
            case "--json", "--show-tokens", "--verbose", "--help", "-h", "--version":
                guard inline == nil else { throw .usage("\(name): takes no value") }
                switch name {
                case "--json": json = true
                case "--show-tokens": showTokens = true
                case "--verbose": verbose = true
                case "--version": version = true
                default: help = true
                }
            case "--server", "--store", "--timeout":
                let value = try OptionSyntax.value(of: name, inline: inline, in: arguments, at: &index)
                switch name {
                case "--server": server = value
                case "--store": store = value
                default: timeout = value
                }
            default:
                let takesValue = inline == nil && Self.commandOptionTakesValue(name, words: rest)
                rest.append(argument)
                if takesValue && index < arguments.count {
                    rest.append(arguments[index])  // Its value, whatever it looks like.
                    index += 1
                }
            }
        }
    }

    /// Whether `name` is an option that takes a value of the command that `words` (the arguments
    /// kept so far, the command's words first) name.
    private static func commandOptionTakesValue(_ name: String, words: [String]) -> Bool {
        guard OptionSyntax.isOption(name) else { return false }
        let command = CommandRegistry.configurations.filter { configuration in
            words.count >= configuration.words.count
                && Array(words.prefix(configuration.words.count)) == configuration.words
        }.max { $0.words.count < $1.words.count }
        guard let command else { return false }
        if command.retiredOptions[name] != nil { return true }
        return command.option(named: name).map { !$0.isFlag } ?? false
    }
}
