/// A command line, understood: the shared options and what to do.
package struct Invocation: Sendable, Equatable {
    /// The shared options.
    package var options: GlobalOptions
    /// What to do: print help or the version, or run a command.
    package var command: Action

    /// Creates an invocation.
    package init(options: GlobalOptions, command: Action) {
        self.options = options
        self.command = command
    }
}
