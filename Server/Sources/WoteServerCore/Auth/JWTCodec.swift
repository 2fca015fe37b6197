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
        let payload = (try? encoder.encode(claims)) ?? Data()
        let signingInput = Self.header + "." + Base64URL.encode(payload)
        let signature = HMAC<SHA256>.authenticationCode(for: Array(signingInput.utf8), using: key)
        return signingInput + "." + Base64URL.encode(Array(signature))
    }

    /// Checks the shape, the algorithm and the signature, then decodes the claims.
    /// Expiry and revocation are the caller's business.
    func verify(_ token: some StringProtocol) -> Result<TokenClaims, TokenFault> {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Base64URL.decode(parts[0]),
            let payloadBytes = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]),
            let header = try? JSONDecoder().decode(JOSEHeader.self, from: Data(headerBytes))
        else { return .failure(.malformed) }
        guard header.alg == "HS256" else { return .failure(.unsupported) }
        let signingInput = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: key) else {
            return .failure(.badSignature)
        }
        guard (try? JSONSerialization.jsonObject(with: Data(payloadBytes))) is [String: Any] else {
            return .failure(.malformed)
        }
        guard let claims = try? JSONDecoder().decode(TokenClaims.self, from: Data(payloadBytes)) else {
            return .failure(.emptyClaims)
        }
        return .success(claims)
    }

    private struct JOSEHeader: Decodable {
        let alg: String
    }
}
