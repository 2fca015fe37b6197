import Foundation

/// A fresh folder for one test, removed when the test is done.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("WoteCLITests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A store path inside the folder (the file does not exist yet).
    var store: URL { url.appendingPathComponent("state/session.json", isDirectory: false) }
}
