import Foundation
import WoteDomain

extension StoredSession {
    /// The bytes a store keeps for this session (its `Codable` format).
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when it cannot be encoded.
    func storeFormat() throws(TokenStorageError) -> Data {
        do {
            return try JSONEncoder().encode(self)
        } catch {
            throw .unavailable("cannot encode the session")
        }
    }

    /// The session in `contents`, as a store kept it.
    ///
    /// - Parameters:
    ///   - contents: the stored bytes.
    ///   - place: where they were read, for the error ("the token file /path").
    ///   - reason: what to say of a decoding error (a store may say more than "invalid").
    /// - Throws: ``TokenStorageError/corrupted(_:)`` when the bytes are no valid session.
    init(
        storeFormat contents: Data, readFrom place: String, reason: (any Error) -> String? = { _ in nil }
    ) throws(TokenStorageError) {
        do {
            self = try JSONDecoder().decode(StoredSession.self, from: contents)
            // An offset a hostile server once pushed past the bound is not believed on the way back.
            serverClockOffset = ServerClockOffsetBound.accepted(serverClockOffset)
        } catch {
            let why = reason(error).map { ": \($0)" } ?? ""
            throw .corrupted("\(place) holds no valid session\(why)")
        }
    }
}
