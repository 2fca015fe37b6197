// Fuzz target `path-guard`: the request path guard (`PathSegmentGuard`, behind `Endpoint(APIRequest)`)
// against small reference normalisers of what may sit in front of the API (security review
// 2026-11-28, N1): nginx (percent-decodes the whole path bytewise, merges slashes, resolves `.` and
// `..`), nginx in front of another decoder (two passes), and a lax servlet container (drops `;`
// parameters, decodes, splits on `/` and `\`, resolves).
//
// Input: the bytes of a path below `/api/posts/`, as they are (no UTF-8 repair for the guard).
// Properties: whenever a reference normaliser reads the path as other segments than the client
// meant (the raw path split on `/`, each segment read on its own), the guard refuses it; a path
// of letters, digits, `-`, `_`, `~` and `/` is never refused; `Endpoint(APIRequest)` agrees with the
// guard for a path that is valid UTF-8 without `?` or `#`.
import Foundation
import WoteData

private let prefix = Array("/api/posts/".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func pathGuardTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let path = prefix + [UInt8](FuzzInput.data(bytes, count))
    let refused = PathSegmentGuard.refuses(path)
    for normaliser in Normaliser.allCases where normaliser.segments(path) != normaliser.intended(path) {
        FuzzProperty.require(refused, "\(normaliser) moves \(String(decoding: path, as: UTF8.self)), not refused")
    }
    if path.allSatisfy(isPlain) {
        let hasDotSegment = path.split(separator: UInt8(ascii: "/")).contains { $0.allSatisfy { $0 == 0x2E } }
        FuzzProperty.require(hasDotSegment || !refused, "a plain path was refused")
    }
    // By bytes: `#` followed by a combining mark is one Character that is not "#".
    if !path.contains(UInt8(ascii: "?")), !path.contains(UInt8(ascii: "#")),
        let text = String(validating: path, as: UTF8.self)
    {
        let accepted = (try? Endpoint(APIRequest.get(text))) != nil
        FuzzProperty.require(accepted == !refused, "Endpoint and the guard disagree on \(text)")
    }
    return 0
}

private func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"),
        UInt8(ascii: "/"):
        true
    default: false
    }
}

private enum Normaliser: CaseIterable, CustomStringConvertible {
    case nginx, nginxThenDecoder, servlet

    var description: String {
        switch self {
        case .nginx: "nginx"
        case .nginxThenDecoder: "nginx in front of a decoder"
        case .servlet: "a servlet container"
        }
    }

    /// The segments after normalising; `nil` when `..` climbs above the root.
    func segments(_ path: [UInt8]) -> [[UInt8]]? {
        switch self {
        case .nginx: resolve(decoded(path, passes: 1).split(separator: slash).map(Array.init))
        case .nginxThenDecoder: resolve(decoded(path, passes: 2).split(separator: slash).map(Array.init))
        case .servlet:
            resolve(
                Array(
                    path.split(separator: slash, omittingEmptySubsequences: false)
                        .map { decoded(withoutParameters(Array($0)), passes: 1) }
                        .joined(separator: [slash])
                )
                .split(whereSeparator: { $0 == slash || $0 == backslash }).map(Array.init))
        }
    }

    /// The segments the client meant: the raw path split on `/`, each read on its own.
    func intended(_ path: [UInt8]) -> [[UInt8]]? {
        switch self {
        case .nginx: path.split(separator: slash).map { decoded(Array($0), passes: 1) }
        case .nginxThenDecoder: path.split(separator: slash).map { decoded(Array($0), passes: 2) }
        case .servlet:
            path.split(separator: slash).map { withoutParameters(Array($0)) }.filter { !$0.isEmpty }
                .map { decoded($0, passes: 1) }
        }
    }
}

private let slash = UInt8(ascii: "/")
private let backslash = UInt8(ascii: "\\")

private func decoded(_ bytes: [UInt8], passes: Int) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<passes {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]),
                let low = hex(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        bytes = out
    }
    return bytes
}

private func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

private func withoutParameters(_ segment: [UInt8]) -> [UInt8] {
    Array(segment.prefix { $0 != UInt8(ascii: ";") })
}

private func resolve(_ segments: [[UInt8]]) -> [[UInt8]]? {
    var resolved: [[UInt8]] = []
    for segment in segments {
        if segment == [0x2E, 0x2E] {
            guard resolved.popLast() != nil else { return nil }
        } else if segment != [0x2E] {
            resolved.append(segment)
        }
    }
    return resolved
}
