/// What a command line asks for: help, the version, or one declared command with its values.
package enum Action: Sendable, Equatable {
    /// `--help`: the global usage (`nil`), one command's, or a group's (`profile`).
    case help(topic: String?)
    /// `--version`.
    case version
    /// A command, its arguments already checked.
    case run(any WoteCommand)

    /// `wote` alone or `wote interactive`.
    package static var interactive: Action { .run(InteractiveCommand()) }

    /// `wote demo`.
    package static var demo: Action { .run(DemoCommand()) }

    /// Whether both ask for the same thing, command values included.
    package static func == (lhs: Action, rhs: Action) -> Bool {
        switch (lhs, rhs) {
        case (.help(let left), .help(let right)): left == right
        case (.version, .version): true
        case (.run(let left), .run(let right)): left.isEqual(to: right)
        default: false
        }
    }
}
