public import Foundation

/// The language of every sentence WoteKit shows a person (``WoteError/message``, nickname and
/// sign-up texts): Korean and English, from the `messages.<language>.json` resources.
///
/// By default it follows the app, as Apple's frameworks do: in an app on an Apple platform, the
/// first of the app's own localizations in the person's order (`Bundle.main.preferredLocalizations`),
/// so an app localized in English only shows English sentences on a device set to Korean first.
/// A process without an app bundle (a command-line tool, Linux) follows `LC_ALL`, `LC_MESSAGES`,
/// `LANG` (in that order), then, on Apple platforms, the preferred languages. A language WoteKit has
/// no texts for falls back to English.
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

    /// The supported language WoteKit uses unless one is set (see the type's discussion).
    ///
    /// - Parameter environment: the process environment, read by a process without an app bundle (a
    ///   test passes its own).
    public static func preferredLanguage(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        #if canImport(Darwin)
        // An app's bundle has an identifier; a command-line tool's usually has none.
        let appLocalizations = Bundle.main.bundleIdentifier == nil ? nil : Bundle.main.preferredLocalizations
        let fallback = Locale.preferredLanguages.first
        #else
        let appLocalizations: [String]? = nil
        let fallback: String? = nil
        #endif
        return preferredLanguage(appLocalizations: appLocalizations, environment: environment, fallback: fallback)
    }

    /// The choice behind ``preferredLanguage(environment:)``, on every platform.
    ///
    /// - Parameters:
    ///   - appLocalizations: the app's localizations in the person's order
    ///     (`Bundle.main.preferredLocalizations`), or `nil` for a process without an app bundle. When
    ///     given, the first one decides and the environment is not read.
    ///   - environment: `LC_ALL`, then `LC_MESSAGES`, then `LANG`, for a process without an app bundle.
    ///   - fallback: the platform's first preferred language, when no locale variable is set.
    /// - Returns: `en` or `ko`.
    package static func preferredLanguage(
        appLocalizations: [String]?, environment: [String: String], fallback: String? = nil
    ) -> String {
        if let appLocalizations { return supported(appLocalizations.first ?? "en") }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return supported(value) }
        }
        return supported(fallback ?? "en")
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
