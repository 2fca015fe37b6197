#if canImport(FoundationNetworking) && canImport(Glibc)
import Foundation
import FoundationNetworking
import Glibc

/// The local and remote ports of the connection libcurl made for a URLSession task, on Linux: what
/// ``StuckConnection`` matches a socket against, instead of resolving the host name again.
///
/// swift-corelibs-foundation gives no public way to it. The task's libcurl easy handle is reached
/// by reflection (`Mirror`: the task's `_protocolStorage`, its `.existing` protocol, that one's
/// `easyHandle`, its `rawHandle`), read under the task's own `_protocolLock`, the `_EasyHandle`
/// object held meanwhile so the handle cannot be freed; the ports come from corelibs' exported
/// `CFURLSession_easy_getinfo_long` (`curl_easy_getinfo` with `CURLINFO_LOCAL_PORT` and
/// `CURLINFO_PRIMARY_PORT`), two numbers libcurl sets when it connects. Any step that finds
/// something else (another corelibs) gives `nil`, and the caller falls back.
struct CurlTransferPorts: Equatable {
    /// The socket's own port, as `getsockname` reports it.
    var local: Int
    /// The port libcurl connected to (the server's, or a proxy's), as `getpeername` reports it.
    var remote: Int

    private typealias GetInfoLong = @convention(c) (UnsafeMutableRawPointer, Int32, UnsafeMutablePointer<Int>) -> Int32

    /// `CFURLSession_easy_getinfo_long`, if this process has it.
    private static let getInfoLong: GetInfoLong? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "CFURLSession_easy_getinfo_long") else {
            return nil
        }
        return unsafeBitCast(symbol, to: GetInfoLong.self)
    }()

    // curl.h: CURLINFO_LONG + 42 and CURLINFO_LONG + 40.
    private static let localPortInfo: Int32 = 0x20_0000 + 42
    private static let primaryPortInfo: Int32 = 0x20_0000 + 40

    /// The ports of `task`'s connection; `nil` when they cannot be read or libcurl has not
    /// connected yet.
    init?(of task: URLSessionTask) {
        guard let getInfoLong = Self.getInfoLong,
            let lock = Self.child(of: task, labelled: "_protocolLock") as? NSLock
        else { return nil }
        lock.lock()
        let storage = Self.child(of: task, labelled: "_protocolStorage")
        lock.unlock()
        guard let storage, let existing = Self.child(of: storage, labelled: "existing"),
            let optionalHandle = Self.child(of: existing, labelled: "easyHandle"),
            let easyHandle = Self.child(of: optionalHandle, labelled: "some"),
            let rawHandle = Self.child(of: easyHandle, labelled: "rawHandle") as? UnsafeMutableRawPointer
        else { return nil }
        var local = 0
        var remote = 0
        let read = withExtendedLifetime(easyHandle) {
            getInfoLong(rawHandle, Self.localPortInfo, &local) == 0
                && getInfoLong(rawHandle, Self.primaryPortInfo, &remote) == 0
        }
        guard read, (1...65535).contains(local), (1...65535).contains(remote) else { return nil }
        self.local = local
        self.remote = remote
    }

    /// The value of `subject`'s stored property (or enum payload) `label`, its superclasses' included;
    /// the properties before it are read on the way, not the ones after it.
    private static func child(of subject: Any, labelled label: String) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            for child in current.children where child.label == label { return child.value }
            mirror = current.superclassMirror
        }
        return nil
    }
}
#endif
