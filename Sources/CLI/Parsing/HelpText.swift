/// The texts of `--help`, made from the commands' declarations (``CommandRegistry``).
package enum HelpText {
    /// The global usage: every command and the shared options.
    package static var global: String {
        let commands = CommandRegistry.configurations.map { "  \($0.synopsis)\n      \($0.summary)" }
        return """
            wote: the terminal front of WoteKit. Sign in to Wote and stay signed in.

            Usage: wote [OPTIONS] [COMMAND] [ARGUMENTS]

            Commands:
            \(commands.joined(separator: "\n"))

            With no command, wote runs the interactive front.

            \(options)
            """
    }

    /// The shared options.
    static let options = """
        Options (before or after the command):
          --server URL       the Wote server (env WOTE_SERVER; default http://127.0.0.1:8080, with a
                             warning: any local user could be listening there)
          --store PATH       the session file (env WOTE_STORE; default $XDG_STATE_HOME/wote/session.json
                             or ~/.local/state/wote/session.json)
          --json             print exactly one JSON object on standard output
          --show-tokens      also print the tokens (they are never printed otherwise)
          --verbose          print WoteKit's diagnostics (requests, refreshes; never a token) on standard error
          --timeout SECONDS  how long one request, and the whole command, may take (default 30);
                             waiting for standard input does not count
          --help, -h         print this help, or a command's help after the command
          --version          print the version

        Environment: WOTE_ROLE=follower makes this wote a follower on its store: it asks a leader
        (any other wote on the store, e.g. wote watch) for a new pair before refreshing itself,
        waiting WOTE_FOLLOWER_WAIT seconds (default 3).

        Exit codes: 0 success; 2 usage; 3 not signed in, session expired, banned, member gone;
        4 profile required; 5 rejected, invalid nickname, nickname taken; 6 network, time-out;
        7 server failure, malformed response; 8 storage; 130 cancelled.
        """

    /// One command's help.
    ///
    /// - Parameter command: the command's declaration.
    package static func command(_ command: CommandConfiguration) -> String {
        var text = "Usage: wote \(command.synopsis)\n\n\(command.summary)\n"
        if !command.details.isEmpty { text += "\n\(command.details)\n" }
        return text + "\n" + options
    }

    /// The help of a group of commands sharing a first word, such as `wote profile --help`.
    ///
    /// - Parameter commands: the declarations of the group's commands.
    package static func group(_ commands: [CommandConfiguration]) -> String {
        let lines = commands.map { "  wote \($0.synopsis)\n      \($0.summary)" }
        return "Usage:\n" + lines.joined(separator: "\n") + "\n\n" + options
    }

    /// The help for `topic`: a command's name, a group's first word, or `nil` for the global usage.
    package static func text(for topic: String?) -> String {
        guard let topic else { return global }
        if let found = CommandRegistry.configurations.first(where: { $0.name == topic }) { return command(found) }
        let group = CommandRegistry.group(topic)
        return group.isEmpty ? global : self.group(group)
    }
}
