import Crypto
import _CryptoExtras
import Foundation

/// An album key sealed under a key derived from its password, as the site publishes it
/// (`key.json`): PBKDF2-HMAC-SHA-256 over the password and a random salt (at least 600,000
/// iterations, OWASP's figure), then AES-256-GCM. The page derives the same key with WebCrypto
/// and opens it; the wrong password fails there, and says so, before any file is fetched.
public struct WrappedAlbumKey: Codable, Sendable, Equatable {
    public static let minimumIterations = 600_000
    /// What the wrap authenticates besides the key: a wrapped key of another kind or version
    /// does not open as this one.
    static let context = Array("gallery album key 1".utf8)

    public var version = 1
    public var kdf = "PBKDF2-SHA-256"
    public var iterations: Int
    /// Base64.
    public var salt: String
    /// Base64 of nonce (12 bytes) ‖ ciphertext (32) ‖ tag (16).
    public var wrapped: String
    /// The album's password page, relative to the site (where a visitor without the key is sent).
    public var page: String?

    /// `key` wrapped under `password` with a new random salt.
    public init(wrapping key: AlbumKey, password: String, iterations: Int = minimumIterations) throws {
        guard iterations >= Self.minimumIterations else { throw PrivateAlbumError.damaged("fewer PBKDF2 iterations than OWASP's \(Self.minimumIterations)") }
        var salt = [UInt8](repeating: 0, count: 16)
        for i in salt.indices { salt[i] = UInt8.random(in: 0 ... 255) }
        self.iterations = iterations
        self.salt = Data(salt).base64EncodedString()
        let box = try AES.GCM.seal(key.rawBytes, using: try Self.derive(password, salt: salt, iterations: iterations), authenticating: Self.context)
        guard let combined = box.combined else { throw PrivateAlbumError.damaged("the key could not be wrapped") }
        wrapped = combined.base64EncodedString()
    }

    /// The album key, if `password` is the one it was wrapped with.
    public func unwrap(password: String) throws(PrivateAlbumError) -> AlbumKey {
        guard version == 1, iterations >= Self.minimumIterations, let salt = Data(base64Encoded: salt), let combined = Data(base64Encoded: wrapped) else {
            throw .damaged("the wrapped key is not one this version reads")
        }
        let raw: Data
        do {
            let box = try AES.GCM.SealedBox(combined: combined)
            raw = try AES.GCM.open(box, using: try Self.derive(password, salt: Array(salt), iterations: iterations), authenticating: Self.context)
        } catch {
            throw .wrongPassword
        }
        guard let key = AlbumKey(rawBytes: raw) else { throw .damaged("the wrapped key is not 32 bytes") }
        return key
    }

    static func derive(_ password: String, salt: [UInt8], iterations: Int) throws -> SymmetricKey {
        // NFC, as the page takes it: "é" typed on any keyboard is one password.
        try KDF.Insecure.PBKDF2.deriveKey(from: Array(password.precomposedStringWithCanonicalMapping.utf8), salt: salt, using: .sha256,
                                          outputByteCount: 32, rounds: iterations)
    }
}
