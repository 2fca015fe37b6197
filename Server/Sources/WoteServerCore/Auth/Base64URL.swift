/// Base64url without padding (RFC 4648 §5), as JWTs use it.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output = [UInt8]()
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let chunk = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            if second != nil { output.append(alphabet[Int(chunk >> 6 & 0x3F)]) }
            if third != nil { output.append(alphabet[Int(chunk & 0x3F)]) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// - Returns: the bytes, or `nil` when the text is not unpadded base64url.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 != 1 else { return nil }
        var output = [UInt8]()
        output.reserveCapacity(input.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in input {
            let value = reverse[Int(byte)]
            guard value != 0xFF else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(buffer >> UInt32(bits) & 0xFF))
            }
        }
        return output
    }
}
