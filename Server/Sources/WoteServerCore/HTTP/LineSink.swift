#if canImport(Glibc)
import Glibc

private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl

private let systemWrite = Musl.write
#elseif canImport(Darwin)
import Darwin

private let systemWrite = Darwin.write
#endif

/// Where a line of text goes: standard output, standard error, or a test's buffer.
public struct LineSink: Sendable {
    public let write: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Unbuffered: each line is one `write(2)`, so it is never held back in a buffer.
    public static let standardOutput = LineSink { line in writeLine(line, to: 1) }
    public static let standardError = LineSink { line in writeLine(line, to: 2) }

    private static func writeLine(_ line: String, to descriptor: Int32) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress, buffer.count)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
