import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file calls the file token store needs, where Foundation gives no control over
/// modes, `fsync` or locks. Failures come back as the `errno` code.
enum POSIXFile {
    static let fileTypeMask: mode_t = 0o170000
    static let regularFileType: mode_t = 0o100000
    static let directoryType: mode_t = 0o040000

    /// An `errno` code with the system's text for it.
    struct Failure: Error {
        var code: Int32
        var explanation: String?
        var text: String { explanation ?? String(cString: strerror(code)) }

        init(code: Int32, explanation: String? = nil) {
            self.code = code
            self.explanation = explanation
        }

        static var current: Failure { Failure(code: errno) }
    }

    /// The file type bits of `path` (following links), or the failure.
    static func fileType(atPath path: String) -> Result<mode_t, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.current) }
        return .success(info.st_mode & fileTypeMask)
    }

    /// Creates `url` and any missing ancestor, each with mode 0700; a directory that already
    /// exists keeps its mode.
    static func createDirectories(_ url: URL) throws(Failure) {
        let path = url.path(percentEncoded: false)
        switch fileType(atPath: path) {
        case .success(let type):
            guard type == directoryType else { throw Failure(code: ENOTDIR) }
            return
        case .failure(let failure) where failure.code == ENOENT:
            break
        case .failure(let failure):
            throw failure
        }
        let parent = url.deletingLastPathComponent()
        if parent.path(percentEncoded: false) != path {
            try createDirectories(parent)
        }
        guard mkdir(path, 0o700) == 0 else {
            let failure = Failure.current
            if failure.code == EEXIST, case .success(directoryType) = fileType(atPath: path) { return }
            throw failure
        }
        // The umask may have taken bits away; say exactly what the directory is.
        _ = chmod(path, 0o700)
    }

    /// Opens `path` with `flags`, retrying when a signal interrupts.
    static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(Failure) -> Int32 {
        while true {
            let descriptor = open(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw .current }
        }
    }

    /// Reads the whole regular file behind `descriptor`, refusing more than `limit` bytes.
    ///
    /// - Returns: the bytes, or `nil` when the file is larger than `limit`.
    static func readAll(_ descriptor: Int32, limit: Int) throws(Failure) -> Data? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .current }
        switch info.st_mode & fileTypeMask {
        case regularFileType: break
        case directoryType: throw Failure(code: EISDIR)
        default: throw Failure(code: EINVAL, explanation: "not a regular file")
        }
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
            if result.count > limit { return nil }
        }
    }

    /// Writes all of `data` to `descriptor`, continuing after partial writes and signals.
    static func writeAll(_ descriptor: Int32, _ data: Data) throws(Failure) {
        let bytes = [UInt8](data)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            offset += written
        }
    }

    /// Takes or gives back a `flock` lock, retrying when a signal interrupts.
    ///
    /// - Returns: 0, or the `errno` code.
    static func flockRetryingInterrupts(_ descriptor: Int32, _ operation: Int32) -> Int32 {
        while true {
            if flock(descriptor, operation) == 0 { return 0 }
            let code = errno
            if code != EINTR { return code }
        }
    }
}
