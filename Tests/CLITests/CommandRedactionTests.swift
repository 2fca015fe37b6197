import Foundation
import Testing
import WoteCLI
import WoteKit
import WoteKitTesting

/// No secret goes through the command line: an authorization code or a password typed as an
/// argument is refused, and never echoed back.
@Suite struct CommandRedactionTests {
    private static let code = "apple-code-SECRET-4"

    /// Security review 2026-11-26, finding 6: any user of the machine reads a process's arguments
    /// (`/proc/PID/cmdline`) and could redeem the one-time code first.
    @Test(arguments: [
        ["login", "apple", code], ["login", "kakao", code, "--no-remember"], ["login", "--no-remember", "apple", code],
    ])
    func loginCodeOnTheCommandLine_isRefused_withoutEchoingIt(_ arguments: [String]) {
        do {
            let invocation = try CommandLineParser.parse(arguments, environment: [:])
            Issue.record("expected a usage error, got \(invocation.command)")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.kind.exitCode == 2)
            #expect(!error.message.contains(Self.code))
            #expect(error.message.contains("authorization code is read from standard input"), "\(error.message)")
        }
    }

    @Test func loginCommand_andItsInvocation_holdNoCode() throws {
        let invocation = try CommandLineParser.parse(["login", "apple", "--code-file", "/run/code"], environment: [:])
        guard case .run(let command) = invocation.command else {
            Issue.record("expected a command, got \(invocation.command)")
            return
        }
        #expect((command as? LoginCommand)?.code == nil)
        #expect(String(describing: invocation.command).contains("apple"))
    }

    @Test(arguments: [
        ["signin", "wote01", "hunter2-SECRET"], ["signin", "wote01", "--no-remember", "hunter2-SECRET"],
    ])
    func passwordGivenAsAnArgument_isRefused_withoutEchoingIt(_ arguments: [String]) {
        do {
            _ = try CommandLineParser.parse(arguments, environment: [:])
            Issue.record("expected a usage error")
        } catch {
            #expect(error.kind == .usage)
            #expect(!error.message.contains("hunter2-SECRET"))
            #expect(error.message.contains("standard input"))
        }
    }
}
