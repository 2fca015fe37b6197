#if canImport(Glibc)
import Dispatch
import Foundation
import Glibc

/// A file store's notices on Linux: the store's folder watched with inotify, filtered to the
/// store file's name. A write renames a complete file over the store (`IN_MOVED_TO`), a removal
/// unlinks it (`IN_DELETE`): the change itself is the notice, within the kernel's delivery time, so
/// ``post()`` does nothing and a process that was not running misses nothing it would not read at
/// its next start.
///
/// Each batch of events the kernel hands over calls the handler once. The folder must exist to be
/// watched: ``observe(_:)`` creates it (0700) through the same checks the store applies
/// (`TrustedDirectory`), and gives `nil` when it cannot.
package final class InotifyStoreNotices: StoreNotices {
    let directoryPath: String
    let fileName: String
    /// Whether ``post()`` writes the (empty) file itself: a follower's "refresh wanted", which no
    /// store change carries.
    let postsByWriting: Bool

    /// Notices for the file `fileName` in the folder at `directoryPath`; with `postsByWriting`,
    /// ``post()`` writes that file, empty (0600, never through a symbolic link).
    package init(directoryPath: String, fileName: String, postsByWriting: Bool = false) {
        self.directoryPath = directoryPath
        self.fileName = fileName
        self.postsByWriting = postsByWriting
    }

    package func observe(_ handler: @escaping @Sendable () -> Void) -> StoreObservation? {
        // The folder is opened (and made) with the store's own trust rules; inotify then watches the
        // folder that descriptor holds (through /proc/self/fd, not the path, which could have been
        // swapped since), or the path the checks just walked where /proc is not mounted.
        guard let folder = try? TrustedDirectory.open(directoryPath, creating: true, role: "the token directory")
        else { return nil }
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE | IN_CREATE)
        let byDescriptor = "/proc/self/fd/\(folder.descriptor)"
        let watched = access(byDescriptor, F_OK) == 0 ? byDescriptor : directoryPath
        guard inotify_add_watch(descriptor, watched, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        let queue = DispatchQueue(label: "WoteKit.InotifyStoreNotices")
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        let name = fileName
        source.setEventHandler {
            if Self.drain(descriptor, naming: name) { handler() }
        }
        source.setCancelHandler { close(descriptor) }
        source.activate()
        let running = RunningSource(source)
        return StoreObservation { running.source.cancel() }
    }

    /// For the store's notices, nothing to send: the store's own rename or unlink is what the other
    /// processes hear. For a "refresh wanted", writes the empty file (its closing is the notice):
    /// in the store's folder as the store's checks opened it (``TrustedDirectory``), relative to its
    /// descriptor, never by path, never through a symbolic link, and non-blocking, so a FIFO planted
    /// in the file's place cannot hang the caller; a file this user does not own is left as it is.
    package func post() {
        guard postsByWriting,
            let folder = try? TrustedDirectory.open(directoryPath, creating: false, role: "the token directory")
        else { return }
        let descriptor = openat(
            folder.descriptor, fileName, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & POSIXFile.fileTypeMask == POSIXFile.regularFileType,
            info.st_uid == geteuid()
        else { return }
        // Truncated only once it is known to be this user's own file: the closing is the notice.
        _ = ftruncate(descriptor, 0)
    }

    /// Reads every pending event from `descriptor`; whether one of them names `name`.
    package static func drain(_ descriptor: Int32, naming name: String) -> Bool {
        let capacity = 16 * 1024
        var found = false
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, capacity)
            guard count > 0 else { return found }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let length = Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { found = true }
                if length > 0, offset + header + length <= count {
                    let bytes = UnsafeRawBufferPointer(start: buffer + offset + header, count: length)
                    let nameBytes = bytes.prefix { $0 != 0 }
                    if String(decoding: nameBytes, as: UTF8.self) == name { found = true }
                }
                offset += header + length
            }
        }
    }
}

/// The dispatch source, for the cancel closure: `DispatchSource.cancel()` may be called from any
/// thread, which Dispatch's types do not declare.
private final class RunningSource: @unchecked Sendable {
    let source: any DispatchSourceRead
    init(_ source: any DispatchSourceRead) { self.source = source }
}
#endif
