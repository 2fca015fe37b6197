/// Looks for a secret (a token, a password, an authorization code) in every text Swift makes of a
/// value, for tests that check a type never shows one when it is printed, logged or dumped.
///
/// ```swift
/// import Testing
/// import WoteKitTesting
///
/// let credential = LoginCredential.password(loginId: "wote01", password: "hunter2-7f3a9c")
/// #expect(!SecretScan.reveals("hunter2-7f3a9c", in: credential))
/// ```
public enum SecretScan {
    /// The value as `String(describing:)`, `String(reflecting:)` and `dump` write it.
    ///
    /// - Parameter value: the value to render.
    /// - Returns: the three texts, in that order.
    public static func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), dumped]
    }

    /// Whether `secret` shows in any rendering of `value`: as text, or byte by byte, as `dump`
    /// lists the bytes of a `Data`.
    ///
    /// - Parameters:
    ///   - secret: the text that must not show; it should be long enough not to occur by chance.
    ///   - value: the value to render.
    /// - Returns: `true` when a rendering shows the secret.
    public static func reveals(_ secret: String, in value: Any) -> Bool {
        renderings(of: value).contains { text in
            text.contains(secret) || dumpedBytes(in: text).containsSequence(Array(secret.utf8))
        }
    }

    /// The numbers `dump` writes one per line (`- 104`), in order: the bytes of any `Data` it met.
    private static func dumpedBytes(in text: String) -> [UInt8] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("- ") else { return nil }
            return UInt8(trimmed.dropFirst(2))
        }
    }
}

extension Array where Element: Equatable {
    fileprivate func containsSequence(_ sequence: [Element]) -> Bool {
        guard !sequence.isEmpty, sequence.count <= count else { return false }
        return (0...(count - sequence.count)).contains { start in
            self[start..<(start + sequence.count)].elementsEqual(sequence)
        }
    }
}
