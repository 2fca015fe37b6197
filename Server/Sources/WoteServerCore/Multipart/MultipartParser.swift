/// A small `multipart/form-data` reader (RFC 7578 over RFC 2046 framing). It accepts a preamble,
/// transport padding after a boundary and bare LF line ends in part headers; it refuses a body
/// without its closing boundary, a part without a `form-data` disposition and a name, and more
/// than `maxParts` parts.
enum MultipartParser {
    static let maxParts = 32
    static let maxHeadersPerPart = 16

    /// The boundary of a `multipart/form-data` Content-Type.
    static func boundary(contentType: String?) throws(MultipartError) -> String {
        guard let contentType else { throw .missingBoundary }
        let header = HeaderParameters(contentType)
        guard header.value == "multipart/form-data", let boundary = header.parameters["boundary"],
            (1...70).contains(boundary.utf8.count)
        else { throw .missingBoundary }
        return boundary
    }

    static func parse(_ body: [UInt8], boundary: String) throws(MultipartError) -> [MultipartPart] {
        let dashBoundary = Array("--\(boundary)".utf8)
        let delimiter = Array("\r\n".utf8) + dashBoundary
        var index: Int
        if body.starts(with: dashBoundary) {
            index = dashBoundary.count
        } else if let found = find(delimiter, in: body, from: 0) {
            index = found + delimiter.count
        } else {
            throw .malformed("no opening boundary")
        }
        var parts: [MultipartPart] = []
        while true {
            if body[index...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) {
                guard !parts.isEmpty else { throw .malformed("no parts") }
                return parts
            }
            guard parts.count < maxParts else { throw .malformed("more than \(maxParts) parts") }
            while index < body.count, body[index] == UInt8(ascii: " ") || body[index] == UInt8(ascii: "\t") {
                index += 1
            }
            guard let afterBreak = lineEnd(in: body, from: index), afterBreak.start == index else {
                throw .malformed("boundary not followed by a line break")
            }
            index = afterBreak.next
            let headers = try readHeaders(body, index: &index)
            guard let end = find(delimiter, in: body, from: index) else {
                throw .malformed("missing closing boundary")
            }
            parts.append(try makePart(headers: headers, body: Array(body[index..<end])))
            index = end + delimiter.count
        }
    }

    private static func readHeaders(_ body: [UInt8], index: inout Int) throws(MultipartError) -> [String: String] {
        var headers: [String: String] = [:]
        while true {
            guard let end = lineEnd(in: body, from: index) else { throw .malformed("unterminated part headers") }
            let line = body[index..<end.start]
            index = end.next
            if line.isEmpty { return headers }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .malformed("bad part header") }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingWhitespace().lowercased()
            let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self).trimmingWhitespace()
            guard !name.isEmpty, headers.count < maxHeadersPerPart else { throw .malformed("bad part headers") }
            headers[name] = value
        }
    }

    private static func makePart(headers: [String: String], body: [UInt8]) throws(MultipartError) -> MultipartPart {
        guard let dispositionHeader = headers["content-disposition"] else {
            throw .malformed("part without Content-Disposition")
        }
        let disposition = HeaderParameters(dispositionHeader)
        guard disposition.value == "form-data", let name = disposition.parameters["name"], !name.isEmpty else {
            throw .malformed("part without a form-data name")
        }
        return MultipartPart(
            name: name,
            filename: disposition.parameters["filename"],
            contentType: headers["content-type"].map { HeaderParameters($0).value },
            body: body
        )
    }

    /// The next line end (CRLF or a bare LF) at or after `start`.
    private static func lineEnd(in body: [UInt8], from start: Int) -> (start: Int, next: Int)? {
        guard let newline = body[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        if newline > start && body[newline - 1] == UInt8(ascii: "\r") { return (newline - 1, newline + 1) }
        return (newline, newline + 1)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count - needle.count >= start else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pattern in
                var index = start
                let last = hay.count - pattern.count
                while index <= last {
                    if hay[index] == first {
                        var offset = 1
                        while offset < pattern.count && hay[index + offset] == pattern[offset] { offset += 1 }
                        if offset == pattern.count { return index }
                    }
                    index += 1
                }
                return nil
            }
        }
    }
}
