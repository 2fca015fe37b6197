import Foundation
import Testing
import WoteCLI
import WoteKit
import WoteKitTesting

/// The parsed command line holds authorization codes; printing or dumping it never shows one, and
/// a password typed as an argument by mistake is never echoed back.
@Suite struct CommandRedactionTests {
    private static let code = "apple-code-SECRET-4"

    @Test func loginCommand_andItsInvocation_showTheProviderButNotTheCode() throws {
        let invocation = try CommandLineParser.parse(["login", "apple", Self.code], environment: [:])
        guard case .run(let command) = invocation.command else {
            Issue.record("expected a command, got \(invocation.command)")
            return
        }
        #expect((command as? LoginCommand)?.code.value == Self.code)
        #expect(!SecretScan.reveals(Self.code, in: invocation.command))
        #expect(!SecretScan.reveals(Self.code, in: invocation))
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
