/// The shared options picked out of a command line, and everything else in order.
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
                rest.append(argument)
            }
        }
    }
}
