public import Foundation

/// The language of every sentence WoteKit shows a person (``WoteError/message``, nickname and
/// sign-up texts): Korean and English, from the `messages.<language>.json` resources.
///
/// By default it follows the person's language: the preferred languages on Apple platforms, and
/// `LC_ALL`, `LC_MESSAGES`, `LANG` (in that order) elsewhere. A language WoteKit has no texts for
/// falls back to English.
///
/// ```swift
/// WoteLocalization.language = "ko"   // force Korean, for example in a debug menu
/// ```
public enum WoteLocalization {
    /// The languages WoteKit has texts for.
    public static let supportedLanguages = ["en", "ko"]

    /// Guards ``overridden`` and ``tables``.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var overridden: String?
    nonisolated(unsafe) private static var tables: [String: [String: String]] = [:]

    /// The language in use: the one set here, else the person's (see the type's discussion).
    /// Setting `nil` goes back to the person's language.
    public static var language: String? {
        get { lock.withLock { overridden } ?? preferredLanguage() }
        set { lock.withLock { overridden = newValue.map(supported) } }
    }

    /// The supported language for the environment's locale variables (`LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`), or for the platform's preferred languages when none is set.
    ///
    /// - Parameter environment: the process environment (a test passes its own).
    public static func preferredLanguage(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return supported(value) }
        }
        #if canImport(Darwin)
        return supported(Locale.preferredLanguages.first ?? "en")
        #else
        return "en"
        #endif
    }

    /// `ko` for `ko_KR.UTF-8` or `ko-KR`; `en` for `C`, `POSIX` and every language without texts.
    static func supported(_ locale: String) -> String {
        let language = locale.prefix { $0.isLetter }.lowercased()
        return supportedLanguages.contains(language) ? language : "en"
    }

    /// The text for `key` in the language in use, with `{name}` placeholders filled in; English
    /// when the language has no text for it, the key itself when neither has.
    package static func text(_ key: String, _ values: [String: String] = [:], in language: String? = nil) -> String {
        let language = supported(language ?? self.language ?? "en")
        var text = table(language)[key] ?? table("en")[key] ?? key
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    private static func table(_ language: String) -> [String: String] {
        if let loaded = lock.withLock({ tables[language] }) { return loaded }
        var table: [String: String] = [:]
        if let url = Bundle.module.url(forResource: "messages.\(language)", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let decoded = try? JSONDecoder().decode([String: String].self, from: data)
        {
            table = decoded
        }
        lock.withLock { tables[language] = table }
        return table
    }
}
