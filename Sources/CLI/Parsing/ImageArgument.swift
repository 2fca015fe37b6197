import Foundation

/// An image file named on the command line (`--image FILE`), read when the command runs.
enum ImageArgument {
    /// The bytes of the file at `path`.
    ///
    /// - Parameters:
    ///   - path: the file, as given.
    ///   - maximumSize: the most bytes it may have.
    /// - Throws: a usage failure naming `--image` when the file cannot be read or is too large.
    static func read(_ path: String, maximumSize: Int) throws(CommandFailure) -> Data {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .usage("--image: cannot read '\(path)'")
        }
        guard data.count <= maximumSize else {
            throw .usage("--image: '\(path)' is larger than \(maximumSize / 1024 / 1024) MiB")
        }
        return data
    }
}
