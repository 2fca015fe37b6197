import Foundation
import Testing
import WoteCLI

/// `--help` and `--version`, as text and as JSON, from the built binary.
@Suite(.timeLimit(.minutes(1))) struct HelpAndVersionTests {
    @Test func help_listsEveryCommandAndOption() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(["--help"])
        #expect(result.status == 0, "\(result)")
        for command in CommandRegistry.configurations {
            #expect(result.stdout.contains(command.synopsis), "\(command.name)")
        }
        for option in ["--server", "--store", "--json", "--show-tokens", "--version", "WOTE_SERVER", "WOTE_STORE"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
        #expect(result.stderr.isEmpty)
    }

    @Test func everyCommand_hasItsOwnHelp() async throws {
        let sandbox = try Sandbox()
        for command in CommandRegistry.configurations {
            let result = try await sandbox.wote(command.words + ["--help"])
            #expect(result.status == 0, "\(command.name): \(result)")
            #expect(result.stdout.hasPrefix("Usage: wote \(command.synopsis)"), "\(command.name): \(result.stdout)")
        }
    }

    @Test func help_withJSON_isOneObjectWithTheUsage() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(["--help", "--json"])
        #expect(result.status == 0)
        let usage = try #require(try result.json()["usage"] as? String)
        #expect(usage.contains("Usage: wote"))
        let command = try await sandbox.wote(["withdraw", "--help", "--json"])
        #expect(try (command.json()["usage"] as? String)?.contains("withdraw --yes") == true)
    }

    @Test func version_asTextAndJSON() async throws {
        let sandbox = try Sandbox()
        let text = try await sandbox.wote(["--version"])
        #expect(text.status == 0)
        #expect(text.stdout == "wote \(WoteCommandLine.version)\n")
        let json = try await sandbox.wote(["--version", "--json"])
        #expect(json.status == 0)
        #expect(try json.json()["version"] as? String == WoteCommandLine.version)
    }
}
