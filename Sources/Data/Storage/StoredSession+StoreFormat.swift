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
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when a newer version of WoteKit wrote them
    ///   (``StoredSession/NewerFormat``: kept, neither read nor replaced, so never a sign-out);
    ///   ``TokenStorageError/corrupted(_:)`` when the bytes are no valid session.
    init(
        storeFormat contents: Data, readFrom place: String, reason: (any Error) -> String? = { _ in nil }
    ) throws(TokenStorageError) {
        do {
            self = try JSONDecoder().decode(StoredSession.self, from: contents)
            // An offset a hostile server once pushed past the bound is not believed on the way back.
            serverClockOffset = ServerClockOffsetBound.accepted(serverClockOffset)
        } catch let newer as StoredSession.NewerFormat {
            throw .writtenByNewerVersion(newer.version, place: place)
        } catch {
            let why = reason(error).map { ": \($0)" } ?? ""
            throw .corrupted("\(place) holds no valid session\(why)")
        }
    }
}

extension TokenStorageError {
    /// The store at `place` holds a session in stored format `version`, newer than this version of
    /// WoteKit reads: ``unavailable(_:)`` (the session is kept and the app is not signed out), with a
    /// reason that says so.
    static func writtenByNewerVersion(_ version: Int, place: String) -> TokenStorageError {
        .unavailable(
            "\(place) \(newerVersionMark) (stored format version \(version); this version "
                + "reads up to \(StoredSession.formatVersion)); it is kept as it is: update the app to read it")
    }

    private static let newerVersionMark = "was written by a newer version of WoteKit"

    /// Whether the store could not be read because a newer version of WoteKit wrote it.
    package var isWrittenByNewerVersion: Bool {
        guard case .unavailable(let reason) = self else { return false }
        return reason.contains(Self.newerVersionMark)
    }

    /// Refuses to replace or delete `contents` when a newer version of WoteKit wrote them.
    ///
    /// - Throws: ``writtenByNewerVersion(_:place:)`` when `contents` is in a newer stored format.
    static func refuseReplacing(_ contents: Data?, at place: String) throws(TokenStorageError) {
        guard let contents, let version = StoredSession.newerFormatVersion(in: contents) else { return }
        throw writtenByNewerVersion(version, place: place)
    }
}
