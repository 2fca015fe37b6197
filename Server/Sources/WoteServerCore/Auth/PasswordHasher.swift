import Crypto

/// A password as the server keeps it: PBKDF2-HMAC-SHA256 with a random salt. The plain text is
/// never stored, not even in memory beyond the request that carries it.
struct PasswordHash: Sendable {
    let salt: [UInt8]
    let iterations: Int
    let derivedKey: [UInt8]

    /// Hashes `password` with a new random 16-byte salt.
    init(hashing password: String, iterations: Int) {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        self.init(salt: salt, iterations: iterations, derivedKey: Self.derive(password, salt: salt, iterations: iterations))
    }

    init(salt: [UInt8], iterations: Int, derivedKey: [UInt8]) {
        self.salt = salt
        self.iterations = iterations
        self.derivedKey = derivedKey
    }

    /// Compares in constant time.
    func matches(_ password: String) -> Bool {
        let candidate = Self.derive(password, salt: salt, iterations: iterations)
        guard candidate.count == derivedKey.count else { return false }
        return zip(candidate, derivedKey).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// PBKDF2 (RFC 8018) with HMAC-SHA256 and one 32-byte output block.
    static func derive(_ password: String, salt: [UInt8], iterations: Int) -> [UInt8] {
        let key = SymmetricKey(data: Array(password.utf8))
        var block = Array(HMAC<SHA256>.authenticationCode(for: salt + [0, 0, 0, 1], using: key))
        var result = block
        for _ in 1..<max(iterations, 1) {
            block = Array(HMAC<SHA256>.authenticationCode(for: block, using: key))
            for index in result.indices { result[index] ^= block[index] }
        }
        return result
    }
}
