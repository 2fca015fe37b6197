import Foundation
import WoteKit

/// `wote nickname check NAME`: the local rule, then the server. Taken or invalid is an answer
/// (exit 0), not a failure.
package struct NicknameCheckCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["nickname", "check"], arguments: ["NAME"],
        summary: "Check a nickname: the local rule, then the server.",
        details: """
            A nickname has 2 to 10 characters, each a letter (Hangul included) or a digit. A taken
            or invalid nickname is an answer (exit 0), not a failure.
            """)

    /// The nickname as given.
    package var nickname: String

    /// Creates the command.
    init(nickname: String) {
        self.nickname = nickname
    }

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        self.init(nickname: try arguments.positional())
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let result = try await context.attempt { () throws(WoteError) in
            try await context.wote.checkNickname(nickname)
        }
        return Self.output(nickname, result)
    }

    /// How the answer is printed: `{"nickname": …, "available": …, "reason": …}`.
    ///
    /// - Parameters:
    ///   - name: the nickname as given; it is shown NFC-normalised.
    ///   - result: what the check found.
    static func output(_ name: String, _ result: NicknameCheckResult) -> CommandOutput {
        let shown = name.precomposedStringWithCanonicalMapping
        let (available, reason, text): (Bool, String?, String) =
            switch result {
            case .available: (true, nil, localized("“\(shown)” is available.", ko: "“\(shown)”은(는) 쓸 수 있습니다."))
            case .taken:
                (
                    false, "taken",
                    localized("“\(shown)” is taken. ", ko: "“\(shown)”은(는) 이미 쓰이고 있습니다. ")
                        + WoteError.nicknameTaken.message
                )
            case .invalid(let violation):
                (
                    false, "invalid",
                    localized("“\(shown)” is not a valid nickname. ", ko: "“\(shown)”은(는) 쓸 수 없는 닉네임입니다. ")
                        + violation.message
                )
            }
        return CommandOutput(
            text: text,
            json: .object([("nickname", .string(shown)), ("available", .bool(available)), ("reason", .string(reason))]))
    }
}
