import WoteKit

/// `wote status [--why]`: restores the stored session and prints its state and expiry dates; with
/// `--why`, also the record of the last sign-out kept beside the store.
package struct StatusCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["status"], options: [.flag("--why")], summary: "Show the stored session's state and expiry dates.",
        details: """
            Restores the session from the store. No network call is made while the access token
            has not expired; when it has, the session is refreshed. If that refresh fails for a
            passing reason, the kept state is printed with a warning on standard error.
            --why also prints the record of the last sign-out kept beside the store: when, why
            (and the server's division code), which call ended it, and the last transitions.
            """)

    /// Whether `--why` asked for the last sign-out's record.
    package var why = false

    /// Creates the command.
    init(why: Bool = false) {
        self.why = why
    }

    package init(parsing arguments: inout ArgumentCursor) {
        why = arguments.flag("--why")
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let snapshot = try await context.restore()
        var output = SessionReport(snapshot, showTokens: context.options.showTokens).output
        if let warning = snapshot.warning {
            output.warnings.append(
                localized(
                    "warning: the expired session could not be refreshed, so the state kept in the store is shown: ",
                    ko: "경고: 만료된 세션을 갱신하지 못해 저장소에 남은 상태를 보여 줍니다: ") + warning.message)
        }
        if case .signedOut(.storedSessionCorrupted(let reason)) = snapshot.state {
            output.warnings.append(
                localized("warning: the stored session could not be used: ", ko: "경고: 저장된 세션을 쓸 수 없습니다: ") + reason)
        }
        if why { SignOutRecordReport(await context.wote.lastSignOut).add(to: &output) }
        return output
    }
}

/// How `wote status --why` prints the last sign-out's record: a paragraph of text, and a
/// `lastSignOut` member in `--json` (`null` when none is kept).
struct SignOutRecordReport {
    let record: SignOutRecord?

    init(_ record: SignOutRecord?) {
        self.record = record
    }

    /// Adds the record to `output`'s text and JSON object.
    func add(to output: inout CommandOutput) {
        if case .object(var members) = output.json {
            members.append(("lastSignOut", json))
            output.json = .object(members)
        }
        output.text += "\n" + text
    }

    var json: JSONValue {
        guard let record else { return .null }
        var reason = record.reason.description
        var corruption: String?
        if case .storedSessionCorrupted(let why) = record.reason {
            reason = "storedSessionCorrupted"
            corruption = why
        }
        return .object([
            ("date", .date(record.date)),
            ("reason", .string(reason)),
            ("corruption", .string(corruption)),
            ("divisionCode", .string(record.divisionCode)),
            ("call", .string(record.call.rawValue)),
            (
                "transitions",
                .array(
                    record.transitions.map { .object([("date", .date($0.date)), ("event", .string($0.event))]) })
            ),
        ])
    }

    var text: String {
        guard let record else {
            return localized("No sign-out recorded.", ko: "기록된 로그아웃이 없습니다.")
        }
        var reason = record.reason.description
        if let code = record.divisionCode { reason += " (\(code))" }
        var lines = [
            localized("Last sign-out: ", ko: "마지막 로그아웃: ") + ISODate.format(record.date),
            localized("  why     ", ko: "  이유    ") + reason,
            localized("  call    ", ko: "  호출    ") + record.call.rawValue,
        ]
        if !record.transitions.isEmpty {
            lines.append(localized("  transitions", ko: "  전환 기록"))
            for transition in record.transitions {
                lines.append("    " + ISODate.format(transition.date) + "  " + transition.event)
            }
        }
        return lines.joined(separator: "\n")
    }
}
