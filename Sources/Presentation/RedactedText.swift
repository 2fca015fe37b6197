/// Text a person typed that must never be printed (a password): it reads as `<redacted>` in
/// `description`, `debugDescription` and `dump`, so a view model holding it can be logged safely.
struct RedactedText: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The text itself.
    var value: String

    var description: String { "<redacted>" }
    var debugDescription: String { description }
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
