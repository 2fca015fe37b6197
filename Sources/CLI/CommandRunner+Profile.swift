import Foundation
import WoteKit

extension CommandRunner {
    /// The most bytes `--image` may have; the server takes bodies up to 10 MiB.
    static let maximumImageSize = 9 * 1024 * 1024

    func checkNickname(_ name: String) async throws(CommandFailure) -> CommandOutput {
        let result = try await attempt { () throws(WoteError) in try await wote.checkNickname.execute(name) }
        return Self.nicknameOutput(name, result)
    }

    /// How `nickname check` prints its answer.
    static func nicknameOutput(_ name: String, _ result: NicknameCheckResult) -> CommandOutput {
        let shown = name.precomposedStringWithCanonicalMapping
        let (available, reason, text): (Bool, String?, String) =
            switch result {
            case .available: (true, nil, "“\(shown)” is available.")
            case .taken: (false, "taken", "“\(shown)” is taken. \(WoteError.nicknameTaken.message)")
            case .invalid(let violation):
                (false, "invalid", "“\(shown)” is not a valid nickname. \(violation.message)")
            }
        return CommandOutput(
            text: text,
            json: .object([("nickname", .string(shown)), ("available", .bool(available)), ("reason", .string(reason))]))
    }

    func setUpProfile(nickname: String, schoolName: String, region: SchoolRegion, imagePath: String?)
        async throws(CommandFailure) -> CommandOutput
    {
        let image = try imagePath.map { (path) throws(CommandFailure) in try Self.readJPEG(at: path) }
        try await restore()
        try await attempt { () throws(WoteError) in
            try await wote.completeProfile.execute(
                nickname: nickname, schoolName: schoolName, region: region, imageJPEG: image)
        }
        return .ok("Profile completed. Signed in.", state: "signedIn")
    }

    func showProfile() async throws(CommandFailure) -> CommandOutput {
        try await restore()
        let user = try await attempt { () throws(WoteError) in try await wote.fetchMyProfile.execute() }
        return Self.profileOutput(user)
    }

    func setConsumerType(_ type: ConsumerType) async throws(CommandFailure) -> CommandOutput {
        try await restore()
        try await attempt { () throws(WoteError) in try await wote.setConsumerType.execute(type) }
        return .ok("Consumer type set to \(type.rawValue).")
    }

    func registerDeviceToken(_ token: DeviceToken) async throws(CommandFailure) -> CommandOutput {
        try await restore()
        try await attempt { () throws(WoteError) in try await wote.registerDeviceToken.execute(token) }
        return .ok("Device token registered.")
    }

    /// How `profile show` prints a member.
    static func profileOutput(_ user: User) -> CommandOutput {
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
        return CommandOutput(text: profileText(user), json: json)
    }

    /// The member in a few lines for people.
    static func profileText(_ user: User) -> String {
        """
        Nickname       \(user.nickname)
        School         \(user.school.name) (\(user.school.region.rawValue))
        Consumer type  \(user.consumerType?.rawValue ?? "not chosen yet")
        Profile image  \(user.profileImageURL?.absoluteString ?? "none")
        """
    }

    /// Reads a JPEG file for `--image`.
    ///
    /// - Throws: a usage failure naming `--image` when the file cannot be read or is not a JPEG.
    static func readJPEG(at path: String) throws(CommandFailure) -> Data {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .usage("--image: cannot read '\(path)'")
        }
        guard data.count <= maximumImageSize else {
            throw .usage("--image: '\(path)' is larger than \(maximumImageSize / 1024 / 1024) MiB")
        }
        guard data.starts(with: [0xFF, 0xD8, 0xFF]) else { throw .usage("--image: '\(path)' is not a JPEG image") }
        return data
    }
}
