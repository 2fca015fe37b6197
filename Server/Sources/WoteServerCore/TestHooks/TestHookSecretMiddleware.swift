import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// Lets a `/__test/**` call through only when its `X-Wote-Test-Secret` header holds the secret given
/// at start (issue 47, finding N7): on a shared machine every local user can reach a loopback port,
/// and the hooks reset members, ban them and move the clock. Anything else gets HTTP 403
/// `{"error": ...}`, compared in constant time; a server without a secret serves no hook at all.
struct TestHookSecretMiddleware: RouterMiddleware {
    typealias Context = WoteRequestContext
    /// The header every hook call carries.
    static let header = HTTPField.Name("X-Wote-Test-Secret")!
    private let digest: [UInt8]?

    init(secret: String?) {
        digest = secret.map { Array(SHA256.hash(data: Data($0.utf8))) }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard APIPaths.isTestHook(request.uri.path) else { return try await next(request, context) }
        guard let digest, let given = request.headers[Self.header],
            Self.equal(Array(SHA256.hash(data: Data(given.utf8))), digest)
        else {
            return JSONResponse.make(
                TestHookErrorDTO(error: "test hooks need the secret given at start in X-Wote-Test-Secret"), status: 403)
        }
        return try await next(request, context)
    }

    /// Compares two digests without stopping at the first difference.
    private static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(left, right) { difference |= a ^ b }
        return difference == 0
    }
}
