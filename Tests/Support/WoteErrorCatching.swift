public import WoteDomain

/// The ``WoteError`` `body` threw, or `nil` when it returned; any other error is thrown on, so the
/// test fails on it.
///
/// - Parameter body: the call under test.
public func woteError(from body: () async throws -> Void) async throws -> WoteError? {
    do {
        try await body()
        return nil
    } catch let error as WoteError {
        return error
    }
}
