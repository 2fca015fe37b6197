import Foundation
import WoteKit

/// `wote profile show`: my profile, refreshing the session silently when needed.
package struct ProfileShowCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["profile", "show"], summary: "Show my profile (refreshing the session silently when needed).")

    /// Creates the command.
    init() {}

    package init(parsing arguments: inout ArgumentCursor) {}

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let user = try await context.withSession { () throws(WoteError) in
            try await context.wote.fetchMyProfile()
        }
        return Self.output(user)
    }

    /// How a member is printed: the profile shape.
    static func output(_ user: User) -> CommandOutput {
        let json = JSONValue.object([
            ("nickname", .string(user.nickname)),
            (
                "school",
                .object([
                    ("schoolName", .string(user.school.name)), ("schoolRegion", .string(user.school.region.rawValue)),
                ])
            ),
            ("consumerType", .string(user.consumerType?.rawValue)),
            ("profileImage", .string(user.profileImageURL?.absoluteString)),
        ])
        return CommandOutput(text: text(user), json: json)
    }

    /// The member in a few lines for people (also the interactive home screen's).
    ///
    /// The nickname and school name come from the server, so they are made inert, one line each.
    static func text(_ user: User) -> String {
        let nickname = TerminalText.inert(user.nickname, keepingLineBreaks: false)
        let school = TerminalText.inert(user.school.name, keepingLineBreaks: false)
        return [
            localized("Nickname       ", ko: "닉네임       ") + nickname,
            localized("School         ", ko: "학교         ") + "\(school) (\(user.school.region.rawValue))",
            localized("Consumer type  ", ko: "소비 성향    ")
                + (user.consumerType?.rawValue ?? localized("not chosen yet", ko: "아직 고르지 않음")),
            localized("Profile image  ", ko: "프로필 사진  ")
                + (user.profileImageURL?.absoluteString ?? localized("none", ko: "없음")),
        ].joined(separator: "\n")
    }
}
