/// An argument that must never be printed (an authorization code): it reads as `<redacted>` in
/// `description`, `debugDescription` and `dump`, so a parsed command can be logged safely.
package struct Redacted: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The argument itself.
    package let value: String

    /// Wraps `value`.
    package init(_ value: String) {
        self.value = value
    }

    /// `<redacted>`.
    package var description: String { "<redacted>" }
    /// `<redacted>`.
    package var debugDescription: String { description }
    /// A mirror without children, so `dump` shows `<redacted>` too.
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
