import Foundation
import WoteDomain

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
    static let symbolicLinkType: mode_t = 0o120000

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

    /// Opens `path` with `flags`, retrying when a signal interrupts.
    static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(Failure) -> Int32 {
        while true {
            let descriptor = open(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw .current }
        }
    }

    /// Opens `name` in the folder open as `directory` with `flags`, retrying when a signal
    /// interrupts.
    static func openFile(_ name: String, in directory: Int32, _ flags: Int32, mode: mode_t = 0) throws(Failure)
        -> Int32
    {
        while true {
            let descriptor = openat(directory, name, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw .current }
        }
    }

    /// Refuses the regular file open as `descriptor` unless this user owns it and others may not
    /// write to it; anything else than a regular file is left for the reader to refuse.
    ///
    /// - Parameter name: what the file is, for the message ("the token file /path").
    /// - Throws: ``TokenStorageError/unavailable(_:)`` naming the file and its owner.
    static func checkOwned(_ descriptor: Int32, named name: String) throws(TokenStorageError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unavailable("cannot inspect \(name): \(Failure.current.text)")
        }
        guard info.st_mode & fileTypeMask == regularFileType else { return }
        guard info.st_uid == geteuid() else {
            throw .unavailable(
                "\(name) belongs to uid \(info.st_uid), not to this user (uid \(geteuid())); refusing to use it")
        }
        guard info.st_mode & 0o022 == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw .unavailable("\(name) may be written by others (mode \(mode)); refusing to use it")
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
