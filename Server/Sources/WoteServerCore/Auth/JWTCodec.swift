import Crypto
import Foundation

/// Signs and verifies HS256 JWTs with one secret.
struct JWTCodec: Sendable {
    // swift-crypto 3's SymmetricKey is not Sendable, so the secret is kept as bytes.
    private let secret: [UInt8]
    private static let header = Base64URL.encode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))

    /// - Parameter secret: the HMAC key; a new random 256-bit one by default.
    init(secret: [UInt8]? = nil) {
        self.secret = secret ?? SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
    }

    private var key: SymmetricKey { SymmetricKey(data: secret) }

    func sign(_ claims: TokenClaims) -> String {
        // Encoding a struct of strings and integers cannot fail.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return sign(payload: Array((try? encoder.encode(claims)) ?? Data()))
    }

    /// Signs any payload bytes (tests use it to build tokens this server would never issue).
    func sign(payload: [UInt8]) -> String {
        let signingInput = Self.header + "." + Base64URL.encode(payload)
        let signature = HMAC<SHA256>.authenticationCode(for: Array(signingInput.utf8), using: key)
        return signingInput + "." + Base64URL.encode(Array(signature))
    }

    /// Checks the shape, the algorithm and the signature, then decodes the claims.
    /// Expiry and revocation are the caller's business.
    func verify(_ token: some StringProtocol) -> Result<TokenClaims, TokenFault> {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let payloadBytes = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2])
        else { return .failure(.malformed) }
        // Fast path: every token this server issues has exactly this header.
        if parts[0] != Self.header {
            guard let headerBytes = Base64URL.decode(parts[0]),
                let header = try? JSONDecoder().decode(JOSEHeader.self, from: Data(headerBytes))
            else { return .failure(.malformed) }
            guard header.alg == "HS256" else { return .failure(.unsupported) }
        }
        let signingInput = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: key) else {
            return .failure(.badSignature)
        }
        guard let claims = try? JSONDecoder().decode(TokenClaims.self, from: Data(payloadBytes)) else {
            let isObject = (try? JSONSerialization.jsonObject(with: Data(payloadBytes))) is [String: Any]
            return .failure(isObject ? .emptyClaims : .malformed)
        }
        return .success(claims)
    }

    private struct JOSEHeader: Decodable {
        let alg: String
    }
}
