// Fuzz target `stored-session`: whatever a session file or Keychain item holds (a truncated
// write, another version, a hand edit), through `StoredSession`'s decoder as the token stores
// call it, and, when it decodes, back through a save and a load.
import Foundation
import WoteDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func storedSessionTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let contents = FuzzInput.data(bytes, count)
    guard let session = try? JSONDecoder().decode(StoredSession.self, from: contents) else { return 0 }
    FuzzProperty.require(
        !session.tokens.accessToken.isEmpty && !session.tokens.refreshToken.isEmpty, "loaded an empty token")
    FuzzProperty.requireStoreRoundTrip(session)
    return 0
}
