/// Masks what looks like a credential in a text meant for logs: the word after `Bearer`, and every
/// run of token characters (letters, digits, `-_.~+/=`) at least ``minimumTokenLength`` long that
/// mixes letters and digits, as JWTs, opaque refresh tokens and push tokens do.
///
/// Used where a text WoteKit did not write itself (a server's message, a decoding failure, an app's
/// `invalidArgument` reason) goes into a description. Words, paths, host names and short codes
/// (`E015`) stay as they are.
package enum LogRedaction {
    /// What a masked credential reads as.
    package static let mask = "<redacted>"
    /// The shortest run of token characters that is masked.
    package static let minimumTokenLength = 20

    /// `text` with every credential-like run replaced by ``mask`` and every line break by a space.
    package static func redacting(_ text: String) -> String {
        var result = ""
        var run = ""
        var afterBearer = false
        func flush() {
            guard !run.isEmpty else { return }
            if afterBearer || looksLikeToken(run) {
                result += mask
            } else {
                result += run
            }
            afterBearer = run.lowercased() == "bearer"
            run = ""
        }
        for character in text {
            if isTokenCharacter(character) {
                run.append(character)
                continue
            }
            let wasBearerWord = run.lowercased() == "bearer"
            flush()
            if !(wasBearerWord && character == " ") { afterBearer = false }
            result.append(character.isNewline ? " " : character)
        }
        flush()
        return result
    }

    private static func isTokenCharacter(_ character: Character) -> Bool {
        guard character.isASCII else { return false }
        return character.isLetter || character.isNumber || "-_.~+/=".contains(character)
    }

    private static func looksLikeToken(_ run: String) -> Bool {
        run.count >= minimumTokenLength && run.contains(where: \.isLetter) && run.contains(where: \.isNumber)
    }
}
