package import WoteKit

/// `wote consumer-type set TYPE`: sets the member's consumer type.
package struct ConsumerTypeSetCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["consumer-type", "set"], arguments: ["TYPE"], summary: "Set the consumer type.",
        details: "TYPE is one of \(typeNames).")

    /// The type to set.
    package var consumerType: ConsumerType

    /// Reads the type in any case, with `-` for `_`, or by its Swift name.
    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        let text = try arguments.positional()
        guard let type = ConsumerType(parsing: text) else {
            throw .usage("TYPE: unknown consumer type '\(text)'; use one of \(Self.typeNames)")
        }
        consumerType = type
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        try await context.withSession { () throws(WoteError) in
            try await context.wote.setConsumerType(consumerType)
        }
        return .ok(
            localized(
                "Consumer type set to \(consumerType.rawValue).", ko: "소비 성향을 \(consumerType.rawValue)(으)로 정했습니다."))
    }

    /// The consumer type names, for help and usage errors.
    static var typeNames: String {
        ConsumerType.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
