import Foundation
package import WoteKit

/// `wote profile setup --nickname N --school-name S --school-region R [--image FILE]`: completes
/// the profile.
package struct ProfileSetupCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["profile", "setup"],
        options: [
            .value("--nickname", "N"), .value("--school-name", "S"), .value("--school-region", "R"),
            .value("--image", "FILE", required: false),
        ],
        summary: "Complete the profile.",
        details: """
            R is one of the seventeen regions, by its Korean name or its romanised name:
            \(regionNames).
            FILE is a JPEG image.
            """)

    /// The most bytes `--image` may have; the server takes bodies up to 10 MiB.
    static let maximumImageSize = 9 * 1024 * 1024

    /// The nickname; its rule is checked by WoteKit (a broken rule is `invalidNickname`, not usage).
    package var nickname: String
    /// The school's name, not blank.
    package var schoolName: String
    /// The school's region.
    package var region: SchoolRegion
    /// The path of the JPEG to upload, if any; read when the command runs.
    package var imagePath: String?

    /// Creates the command.
    init(nickname: String, schoolName: String, region: SchoolRegion, imagePath: String? = nil) {
        self.nickname = nickname
        self.schoolName = schoolName
        self.region = region
        self.imagePath = imagePath
    }

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        let nickname = try arguments.required("--nickname")
        let schoolName = try ArgumentCursor.nonBlank(try arguments.required("--school-name"), named: "--school-name")
        let regionText = try arguments.required("--school-region")
        guard let region = SchoolRegion(parsing: regionText) else {
            throw .usage("--school-region: unknown region '\(regionText)'; use one of \(Self.regionNames)")
        }
        let image = try arguments.value(of: "--image").map { (path) throws(CommandFailure) in
            try ArgumentCursor.nonBlank(path, named: "--image")
        }
        self.init(nickname: nickname, schoolName: schoolName, region: region, imagePath: image)
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let image = try imagePath.map { (path) throws(CommandFailure) in try Self.readJPEG(at: path) }
        try await context.withSession { () throws(WoteError) in
            try await context.wote.completeProfile(
                nickname: nickname, schoolName: schoolName, region: region, imageJPEG: image)
        }
        return .ok(localized("Profile completed. Signed in.", ko: "프로필을 완성했습니다. 로그인되었습니다."), state: "signedIn")
    }

    /// The region names, for help and usage errors.
    static var regionNames: String {
        SchoolRegion.allCases.map { "\($0.rawValue) (\($0))" }.joined(separator: ", ")
    }

    /// Reads a JPEG file for `--image` (and the interactive front's image choice).
    ///
    /// - Throws: a usage failure naming `--image` when the file cannot be read or is not a JPEG.
    static func readJPEG(at path: String) throws(CommandFailure) -> Data {
        let data = try ImageArgument.read(path, maximumSize: maximumImageSize)
        guard data.starts(with: [0xFF, 0xD8, 0xFF]) else { throw .usage("--image: '\(path)' is not a JPEG image") }
        return data
    }
}
