/// Every command `wote` knows, in the order the usage lists them, and how a command line finds one.
package enum CommandRegistry {
    /// The commands; a new command is one line here and one file in `Sources/CLI/Commands`.
    package static var all: [any WoteCommand.Type] {
        [
            LoginCommand.self, StatusCommand.self, NicknameCheckCommand.self, ProfileSetupCommand.self,
            ProfileShowCommand.self, ConsumerTypeSetCommand.self, DeviceTokenRegisterCommand.self,
            RefreshCommand.self, LogoutCommand.self, WithdrawCommand.self, SignUpCommand.self,
            SignInCommand.self, FeedCommand.self, PostShowCommand.self, PostCreateCommand.self,
            VoteCommand.self, PostCloseCommand.self, PostDeleteCommand.self, APICommand.self,
            WatchCommand.self, InteractiveCommand.self, DemoCommand.self,
        ]
    }

    /// The declarations of ``all``, in the same order.
    package static var configurations: [CommandConfiguration] {
        all.map { $0.configuration }
    }

    /// The declarations of the commands whose first word is `word`, such as `profile`'s.
    package static func group(_ word: String) -> [CommandConfiguration] {
        configurations.filter { $0.words.first == word }
    }

    /// Finds the command in `arguments` (the shared options already taken out) and parses its arguments.
    ///
    /// - Parameters:
    ///   - arguments: the command's words, then its arguments.
    ///   - help: whether `--help` was given; the help of the command found is then the action.
    /// - Returns: the action; the interactive front when there is no command.
    /// - Throws: a usage failure for an unknown command or option, or a wrong argument.
    static func action(from arguments: [String], help: Bool) throws(CommandFailure) -> Action {
        guard let first = arguments.first, first != "--" else {
            return help ? .help(topic: nil) : .interactive
        }
        if OptionSyntax.isOption(first) {
            throw .usage("unknown option '\(OptionSyntax.split(first).name)'; run 'wote --help' for the options")
        }
        let group = all.filter { $0.configuration.words.first == first }
        guard !group.isEmpty else {
            throw .usage("unknown command '\(first)'; run 'wote --help' for the list of commands")
        }
        let command: any WoteCommand.Type
        if group.count == 1, group[0].configuration.words.count == 1 {
            command = group[0]
        } else {
            let second = arguments.count > 1 ? arguments[1] : nil
            guard let found = group.first(where: { $0.configuration.words.dropFirst().first == second }) else {
                if help { return .help(topic: first) }
                let choices = group.compactMap { $0.configuration.words.dropFirst().first }.joined(separator: ", ")
                if let second, second != "--", !OptionSyntax.isOption(second) {
                    throw .usage("unknown command 'wote \(first) \(second)'; use one of: \(choices)")
                }
                throw .usage("'wote \(first)' needs one of: \(choices)")
            }
            command = found
        }
        let configuration = command.configuration
        if help { return .help(topic: configuration.name) }
        return .run(try command.parse(Array(arguments.dropFirst(configuration.words.count))))
    }
}
