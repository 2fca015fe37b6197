public import Foundation

/// The built `wote` executable, for tests that run it as a subprocess.
public enum WoteExecutable {
    /// Where the executable is: next to the test bundle (`.build/<triple>/debug/` on Linux, the
    /// bundle's parent folder on macOS), or `WOTE_BINARY`; `nil` when it was not built.
    public static let url: URL? = {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["WOTE_BINARY"] { return URL(fileURLWithPath: path) }
        var folders = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map {
            $0.bundleURL.deletingLastPathComponent()
        }
        for folder in folders {
            var candidate = folder
            for _ in 0..<4 {
                let binary = candidate.appendingPathComponent("wote")
                if fileManager.isExecutableFile(atPath: binary.path(percentEncoded: false)) { return binary }
                candidate = candidate.deletingLastPathComponent()
            }
        }
        return nil
    }()
}
