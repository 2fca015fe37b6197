import WoteKit

/// One of the front's own sentences in the person's language, as WoteKit's messages are
/// (``WoteLocalization``: `LC_ALL`, `LC_MESSAGES`, `LANG`): `korean` under a Korean locale, else
/// `english`. Help texts, usage errors and the demo's narration stay in English.
func localized(_ english: String, ko korean: String) -> String {
    WoteLocalization.language == "ko" ? korean : english
}
