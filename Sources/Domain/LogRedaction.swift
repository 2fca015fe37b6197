/// Masks what looks like a credential in a text meant for logs or for a person: JWTs, opaque
/// refresh tokens, push tokens, authorization codes, and whatever follows `Bearer` or a credential's
/// name.
///
/// Used where a text WoteKit did not write itself (a server's message, a decoding failure, an app's
/// `invalidArgument` reason) goes into a description or a message. Words, paths, host names, short
/// codes (`E015`), numbers and Korean text stay as they are.
///
/// What is masked:
/// - the word after `Bearer` or `Basic`, whatever separates them (spaces, a tab, `:`, `=`);
/// - the value given to a credential's name (`token=…`, `"refreshToken":"…"`, `password=…`), however short;
/// - a run holding `eyJ` (a JWT, or a piece of one) at least 8 characters long;
/// - every run of token characters (ASCII letters, digits, `-_.~+/`) at least
///   ``minimumTokenLength`` long that is not made of words: a part (between `/ . - _ ~`) that mixes
///   letters and digits beyond a short code (`v1`, `E015`, `oauth2`), 16 or more digits, letters in
///   a case pattern no word has (`QWERTYasdf`), more than 24 letters, or a `+`.
///
/// Percent-encoded text (`%2B`, `%3D`) is decoded before it is read, so encoding a token does not
/// hide it.
public enum LogRedaction {
    /// What a masked credential reads as.
    public static let mask = "<redacted>"
    /// The shortest run of token characters that is masked for its shape alone.
    public static let minimumTokenLength = 16

    /// `text` with every credential-like run replaced by ``mask`` and every line break by a space.
    public static func redacting(_ text: String) -> String {
        var result = ""
        var run = ""
        var state = State.none
        func flush() {
            guard !run.isEmpty else { return }
            result += state.masksNextRun || looksLikeToken(run) ? mask : run
            state = State.after(run)
            run = ""
        }
        for character in percentDecoded(text) {
            if isTokenCharacter(character) {
                run.append(character)
                continue
            }
            flush()
            state = state.after(separator: character)
            result.append(character.isNewline ? " " : character)
        }
        flush()
        return result
    }

    /// What the text read so far says about the next run.
    private enum State {
        /// Nothing: the next run is masked only for its shape.
        case none
        /// After `Bearer` or `Basic`: the next run is masked, across spaces, tabs, `:`, `=` and quotes.
        case afterScheme
        /// After a credential's name, before `=` or `:`; `quoted` when a quote closed the name.
        case afterKey(quoted: Bool)
        /// After a credential's name and its `=` or `:`: the next run is the value.
        case afterAssignment(quoted: Bool)

        var masksNextRun: Bool {
            switch self {
            case .afterScheme, .afterAssignment: true
            case .none, .afterKey: false
            }
        }

        /// The state after the run `word`.
        static func after(_ word: String) -> State {
            let name = word.lowercased()
            if name == "bearer" || name == "basic" { return .afterScheme }
            let key = name.filter { $0 != "_" && $0 != "-" && $0 != "." }
            return LogRedaction.credentialNames.contains(key) ? .afterKey(quoted: false) : .none
        }

        /// The state after one character that is not a token character.
        func after(separator character: Character) -> State {
            let isQuote = character == "\"" || character == "'"
            let isAssignment = character == "=" || character == ":"
            let isSpace = character.isWhitespace
            switch self {
            case .none:
                return .none
            case .afterScheme:
                return isQuote || isAssignment || isSpace ? .afterScheme : .none
            case .afterKey(let quoted):
                if isAssignment { return .afterAssignment(quoted: quoted) }
                return isQuote ? .afterKey(quoted: true) : .none
            case .afterAssignment(let quoted):
                // `"token": "…"` (JSON) may space its value; `password: must be longer` is a sentence.
                return isQuote || (quoted && isSpace) ? .afterAssignment(quoted: quoted || isQuote) : .none
            }
        }
    }

    /// Names whose value is a credential, lowercased, without `_`, `-` and `.`.
    fileprivate static let credentialNames: Set<String> = [
        "token", "accesstoken", "refreshtoken", "idtoken", "devicetoken", "pushtoken", "authorizationcode",
        "authcode", "password", "passwd", "secret", "clientsecret", "apikey", "sessionid", "jwt",
        "authorization", "signature", "sig", "credential", "credentials",
    ]

    private static func isTokenCharacter(_ character: Character) -> Bool {
        guard character.isASCII else { return false }
        return character.isLetter || character.isNumber || "-_.~+/".contains(character)
    }

    /// `text` with each `%XX` that encodes a printable ASCII character decoded.
    private static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        let scalars = Array(text.unicodeScalars)
        var decoded = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%", index + 2 < scalars.count,
                let high = hexValue(scalars[index + 1]), let low = hexValue(scalars[index + 2]),
                (0x20...0x7E).contains(high * 16 + low), let scalar = Unicode.Scalar(high * 16 + low)
            {
                decoded.append(scalar)
                index += 3
            } else {
                decoded.append(scalars[index])
                index += 1
            }
        }
        return String(decoded)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46: scalar.value - 0x41 + 10
        case 0x61...0x66: scalar.value - 0x61 + 10
        default: nil
        }
    }

    private static func looksLikeToken(_ run: String) -> Bool {
        // `{"` in base64 is `eyJ`: every JWT's header and payload start so, and so does a fragment of one.
        if run.count >= 8 && run.contains("eyJ") { return true }
        guard run.count >= minimumTokenLength else { return false }
        let parts = run.split(omittingEmptySubsequences: true) { "/.-_~".contains($0) }
        return !parts.allSatisfy { isWordLike(Array($0)) }
    }

    /// Whether one part of a run reads as a word, a number or a short code rather than a secret.
    private static func isWordLike(_ part: [Character]) -> Bool {
        let digits = part.count(where: \.isNumber)
        if digits == part.count { return digits < 16 }
        if digits == 0 { return part.allSatisfy(\.isLetter) && isWordCase(part) }
        // Letters and digits: a short code (`v1`, `E015`), or a word and a short number (`oauth2`, `sha256`).
        guard part.allSatisfy({ $0.isLetter || $0.isNumber }) else { return false }
        if part.count <= 4 { return true }
        guard let firstDigit = part.firstIndex(where: \.isNumber), part.count - firstDigit <= 3 else { return false }
        return part[firstDigit...].allSatisfy(\.isNumber) && isWordCase(Array(part[..<firstDigit]))
    }

    /// Whether letters are cased as words are: `session`, `Session`, `SESSION`, `refreshToken`,
    /// `URLSession`, `baseURL`; never a long run of one case after the other (`QWERTYasdfghZXCV`).
    private static func isWordCase(_ letters: [Character]) -> Bool {
        guard letters.count <= 24 else { return false }
        if letters.allSatisfy(\.isUppercase) { return letters.count <= 12 }
        // An acronym of up to 4 capitals may lead (`URLSession`); after it, each capital starts a
        // lowercase hump (`refreshTokenExpiresAt`).
        var index = letters.prefix { $0.isUppercase }.count
        guard index <= 5 else { return false }
        while index < letters.count {
            if letters[index].isUppercase {
                // A trailing acronym after a hump: `baseURL`, `allowsInsecureHTTP`.
                let rest = letters[index...]
                if letters[index - 1].isLowercase, rest.count <= 5, rest.allSatisfy(\.isUppercase) { return true }
                guard index + 1 < letters.count, letters[index + 1].isLowercase, letters[index - 1].isLowercase
                else { return false }
            }
            index += 1
        }
        return true
    }
}
