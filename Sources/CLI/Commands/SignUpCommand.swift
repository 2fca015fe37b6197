import Foundation
import WoteKit

/// `wote signup --login-id ID --name N [--contact-file PATH]`: creates an ID/password account. The
/// password is the first line of standard input; the e-mail address and the phone number are its
/// next two lines, or the two lines of PATH. None of them is ever an argument: any user of the
/// machine can read a process's arguments (`ps`, `/proc/PID/cmdline`) while it runs.
package struct SignUpCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["signup"],
        options: [
            .value("--login-id", "ID"), .value("--name", "N"), .value("--contact-file", "PATH", required: false),
        ],
        summary: "Create an ID/password account; the password, e-mail and phone are read from standard input.",
        details: """
            The ID has 4 to 20 letters or digits; the password 8 to 64 characters with at least one
            letter and one digit; the e-mail address one @; the phone number digits and dashes.
            Standard input holds the password on its first line (not echoed on a terminal), the
            e-mail address on its second and the phone number on its third; with --contact-file,
            PATH holds the e-mail address and the phone number on its first two lines instead.
            None of them is ever an argument, where other users of the machine could read it:
              printf '%s\\n' "$PASSWORD" "$EMAIL" "$PHONE" | wote signup --login-id ID --name N
            """,
        readsSecret: "password",
        retiredOptions: [
            "--email": "give the e-mail address on the second line of standard input or in --contact-file",
            "--phone": "give the phone number on the third line of standard input or in --contact-file",
        ])

    /// The account ID.
    package var loginId: String
    /// The person's name.
    package var name: String
    /// The file holding the e-mail address and the phone number; `nil`: standard input.
    package var contactFile: String?

    /// Reads the fields and checks the ID and the name; the rest is read when the command runs.
    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        let form = SignUpForm(
            loginId: try arguments.required("--login-id"), password: "", name: try arguments.required("--name"),
            email: "", phone: "")
        for field in [SignUpField.loginId, .name] {
            if let problem = form.problem(with: field) { throw .usage("\(field.argumentName): \(problem)") }
        }
        (loginId, name) = (form.loginId, form.name)
        contactFile = try arguments.value(of: "--contact-file").map { (path) throws(CommandFailure) in
            try ArgumentCursor.nonBlank(path, named: "--contact-file")
        }
    }

    /// Creates the account. A refusal is `rejected` with the server's own message; a field that
    /// breaks its rule is a usage error, before any request.
    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let password = try await context.readPassword()
        let (email, phone) = try await readContact(context)
        let form = SignUpForm(loginId: loginId, password: password, name: name, email: email, phone: phone)
        for field in [SignUpField.email, .phone] {
            if let problem = form.problem(with: field) { throw .usage("\(field.argumentName): \(problem)") }
        }
        let outcome = try await context.attempt { () throws(WoteError) in
            try await context.wote.signUp(form)
        }
        switch outcome {
        case .created:
            return .ok(
                localized("Account created. Sign in with: wote signin ", ko: "계정을 만들었습니다. 로그인: wote signin ")
                    + loginId)
        case .refused, .malformedRequest:
            throw CommandFailure(kind: .rejected, message: outcome.message)
        case .serverFailure(let error), .networkUnavailable(let error):
            throw CommandFailure(error)
        }
    }

    /// The e-mail address and the phone number: the first two lines of `--contact-file`'s file,
    /// else the next two lines of standard input.
    ///
    /// - Throws: a usage failure when the file cannot be read or a line is missing.
    private func readContact(_ context: CommandContext) async throws(CommandFailure) -> (String, String) {
        if let contactFile {
            guard let data = FileManager.default.contents(atPath: contactFile) else {
                throw .usage("--contact-file: cannot read '\(contactFile)'")
            }
            let lines = String(decoding: data, as: UTF8.self)
                .split(maxSplits: 2, omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            guard lines.count >= 2 else {
                throw .usage("--contact-file: expected the e-mail address and the phone number on two lines")
            }
            return (Self.trimmed(lines[0]), Self.trimmed(lines[1]))
        }
        let email = try await line(
            context, named: SignUpField.email.argumentName, prompt: localized("E-mail: ", ko: "이메일: "))
        let phone = try await line(
            context, named: SignUpField.phone.argumentName, prompt: localized("Phone: ", ko: "전화번호: "))
        return (email, phone)
    }

    private func line(_ context: CommandContext, named name: String, prompt: String) async throws(CommandFailure)
        -> String
    {
        if context.terminal.isInteractive { context.terminal.printErrorPrompt(prompt) }
        guard let line = await context.terminal.readLine() else {
            throw .usage("\(name): expected on standard input, or in --contact-file")
        }
        return Self.trimmed(line[...])
    }

    private static func trimmed(_ text: Substring) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }
}
