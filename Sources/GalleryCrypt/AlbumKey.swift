import Crypto
import Foundation

/// The random AES-256 key a private album's files are sealed with (`SealedFile`): made once
/// per album and kept in the library, so that a new password re-wraps it
/// (`WrappedAlbumKey`) without sealing the files again.
public struct AlbumKey: Sendable, Equatable {
    /// Its 32 bytes, to keep in the library.
    public let rawBytes: [UInt8]

    /// A new random key.
    public static func random() -> AlbumKey {
        AlbumKey(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }

    /// A key kept as its 32 bytes.
    public init?(rawBytes: some DataProtocol) {
        guard rawBytes.count == 32 else { return nil }
        self.rawBytes = Array(rawBytes)
    }

    private init(bytes: [UInt8]) { rawBytes = bytes }

    var symmetricKey: SymmetricKey { SymmetricKey(data: rawBytes) }
}
