import Foundation
import Testing
import WoteTestSupport

/// A temporary `HOME` and store for one test, and a way to run `wote` in it.
final class Sandbox {
    /// A loopback port where nothing listens: connections are refused at once.
    static let closedServer = "http://127.0.0.1:1"

    let directory: TemporaryDirectory
    /// The store file every run uses unless told otherwise.
    var store: URL { directory.store }
    var home: URL { directory.url }

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Runs `wote` with `--store` and `--server` set (to ``closedServer`` unless `server` is given).
    func wote(_ arguments: [String], input: String? = nil, server: String? = nil) async throws -> WoteProcess.Result {
        try await WoteProcess.run(
            ["--store", store.path(percentEncoded: false), "--server", server ?? Self.closedServer] + arguments,
            input: input, home: home)
    }

    /// Runs the interactive front on `input` and expects it to end cleanly (exit 0).
    func interact(_ input: String, server: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> WoteProcess.Result
    {
        let result = try await wote([], input: input, server: server)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Whether the store file exists.
    var storeExists: Bool { FileManager.default.fileExists(atPath: store.path(percentEncoded: false)) }
}
