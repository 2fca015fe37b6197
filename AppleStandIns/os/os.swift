// Stand-in for the part of Apple's `os` module WoteKit calls (`Logger`, for the diagnostics hook's
// default), as Apple documents it: `struct Logger` with `init(subsystem:category:)` and
// `debug(_:)` taking an `OSLogMessage` whose interpolations take a `privacy:` argument.
// Compromise: `OSLogMessage` here accepts only String interpolations, which is all WoteKit uses.
// Compiled only by scripts/apple-typecheck.sh; never shipped.

/// How a logged value is shown in the log.
public struct OSLogPrivacy: Sendable {
    /// Shown as it is.
    public static let `public` = OSLogPrivacy()
    /// Redacted unless a debugger is attached.
    public static let `private` = OSLogPrivacy()
}

/// A log message built by string interpolation.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    /// The interpolation Apple's `OSLogMessage` offers for strings.
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation(
            _ argumentString: @autoclosure @escaping () -> String, privacy: OSLogPrivacy = .private
        ) {}
    }

    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}
}

/// An object for writing interpolated messages to the unified logging system.
public struct Logger: @unchecked Sendable {
    /// Creates a logger for a subsystem and category.
    public init(subsystem: String, category: String) {}
    /// Logs a message at the debug level.
    public func debug(_ message: OSLogMessage) {}
}
