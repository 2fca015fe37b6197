import WoteKit

/// The `wote` terminal front's entry point.
public enum WoteCommandLine {
    /// Runs `wote` with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String]) async -> Int32 {
        _ = arguments
        return 0
    }
}
