import Foundation
import Testing
import WoteTestSupport

/// The built `wote` executable, run as a subprocess the way a person or a script runs it.
struct WoteProcess {
    /// What one run printed and how it ended.
    struct Result: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether the run outlived `killAfter` and was terminated by the test.
        var wasKilled = false

        /// Standard output read as the one JSON object `--json` promises.
        func json() throws -> [String: Any] {
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: true)
            try #require(lines.count == 1, "expected exactly one line of JSON, got: \(stdout)")
            let object = try JSONSerialization.jsonObject(with: Data(lines[0].utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(stdout)")
        }

        /// The `error` object of a `--json` failure.
        func jsonError() throws -> [String: Any] {
            try #require(try json()["error"] as? [String: Any], "no error object in: \(stdout)")
        }

        /// Expects the run to have failed with exit `status` and a `--json` error of `kind`.
        ///
        /// - Returns: the error object, for the checks a test adds.
        @discardableResult
        func expectError(status: Int32, kind: String, sourceLocation: SourceLocation = #_sourceLocation) throws
            -> [String: Any]
        {
            #expect(self.status == status, "\(self)", sourceLocation: sourceLocation)
            let error = try jsonError()
            #expect(error["kind"] as? String == kind, sourceLocation: sourceLocation)
            return error
        }

        var description: String {
            "exit \(status)\(wasKilled ? " (killed by the test)" : "")\nstdout:\n\(stdout.prefix(4000))\nstderr:\n\(stderr.prefix(4000))"
        }
    }

    /// Where the executable is (see ``WoteExecutable/url``).
    static let executable: URL? = WoteExecutable.url

    /// Runs `wote` with `arguments`.
    ///
    /// The environment is minimal (no `WOTE_*`, no proxies) and `HOME` is `home`, so the default
    /// store never touches the real one.
    ///
    /// - Parameters:
    ///   - arguments: the command line after `wote`.
    ///   - input: standard input; `nil` gives an empty one (end of input at once).
    ///   - home: the `HOME` folder.
    ///   - environment: more variables.
    ///   - killAfter: how long the run may take before the test terminates it (a guard for tests
    ///     of runs that must end by themselves; the result then says ``Result/wasKilled``).
    static func run(
        _ arguments: [String], input: String? = nil, home: URL, environment: [String: String] = [:],
        killAfter: Duration? = nil
    ) async throws -> Result {
        let executable = try #require(executable, "the wote executable was not found next to the tests")
        let output = home.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errors = home.appendingPathComponent("stderr-\(UUID().uuidString)")
        try #require(FileManager.default.createFile(atPath: output.path(percentEncoded: false), contents: nil))
        try #require(FileManager.default.createFile(atPath: errors.path(percentEncoded: false), contents: nil))
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var variables = ["HOME": home.path(percentEncoded: false), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        variables.merge(environment) { $1 }
        process.environment = variables
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        let stdin = Pipe()
        process.standardInput = stdin
        let killed = KillMark()
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
                return
            }
            // Everything at once, then end of input: wote reads line by line as it goes.
            if let input { try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
            try? stdin.fileHandleForWriting.close()
            if let killAfter {
                Task {
                    try? await Task.sleep(for: killAfter)
                    if process.isRunning {
                        killed.mark()
                        process.terminate()
                    }
                }
            }
        }
        return Result(
            status: status, stdout: try String(contentsOf: output, encoding: .utf8),
            stderr: try String(contentsOf: errors, encoding: .utf8), wasKilled: killed.isMarked)
    }
}

/// Whether the test terminated a run, set from the task that watches it.
private final class KillMark: @unchecked Sendable {
    private let lock = NSLock()
    private var marked = false

    func mark() { lock.withLock { marked = true } }

    var isMarked: Bool { lock.withLock { marked } }
}
