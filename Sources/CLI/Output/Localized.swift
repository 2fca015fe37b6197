import WoteKit

/// One of the front's own sentences in the person's language, as WoteKit's messages are
/// (``WoteLocalization``: `LC_ALL`, `LC_MESSAGES`, `LANG`): `korean` under a Korean locale, else
/// `english`. Help texts, usage errors and the demo's narration stay in English.
///
/// The language is read once per process (``FrontLanguage``), not for every sentence: a feed of
/// a million posts asks for it millions of times, and reading the environment each time made the
/// work grow with the environment too.
func localized(_ english: String, ko korean: String) -> String {
    FrontLanguage.isKorean ? korean : english
}

/// The language the front's own sentences are in, read from ``WoteLocalization`` the first time
/// it is needed and kept for the rest of the process.
enum FrontLanguage {
    /// Whether the front speaks Korean.
    static let isKorean = WoteLocalization.language == "ko"
}
