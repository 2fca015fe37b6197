import Testing
import WoteCLI

/// The commands' declarations, in process: the usage lines, `--help` and the `--json` refusal are
/// made from them, and no two commands share a name.
@Suite struct CommandRegistryTests {
    @Test func everyCommandName_isDeclaredOnce() {
        let names = CommandRegistry.configurations.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
    }

    @Test func synopsis_isMadeFromTheDeclaration_withOptionalPartsInBrackets() {
        #expect(LoginCommand.configuration.synopsis == "login apple|kakao [--code-file PATH] [--no-remember]")
        #expect(
            ProfileSetupCommand.configuration.synopsis
                == "profile setup --nickname N --school-name S --school-region R [--image FILE]")
        #expect(WithdrawCommand.configuration.synopsis == "withdraw --yes [--apple] [--code-file PATH]")
        #expect(LogoutCommand.configuration.synopsis == "logout [--device-token HEX] [--everywhere]")
        #expect(StatusCommand.configuration.synopsis == "status [--why]")
    }

    @Test func everyCommand_hasHelpStartingWithItsUsage_andIsListedInTheGlobalHelp() {
        for command in CommandRegistry.configurations {
            #expect(HelpText.text(for: command.name).hasPrefix("Usage: wote \(command.synopsis)\n"), "\(command.name)")
            #expect(HelpText.global.contains("  \(command.synopsis)\n      \(command.summary)"), "\(command.name)")
        }
    }

    @Test func everyTextOnlyCommand_refusesJSON_namingIt() {
        let textOnly = CommandRegistry.configurations.filter(\.printsTextOnly)
        #expect(textOnly.map(\.name).sorted() == ["demo", "interactive"])
        for command in textOnly {
            do {
                _ = try CommandLineParser.parse(command.words + ["--json"], environment: [:])
                Issue.record("\(command.name) --json parsed")
            } catch {
                #expect(error.kind == .usage)
                #expect(error.message.contains("--json") && error.message.contains(command.name))
            }
        }
    }
}
