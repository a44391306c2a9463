import Foundation
import GalleryCrypt
import Testing

/// Private albums' files and keys: every size opens back, every change to the bytes is
/// caught, the password opens the key and nothing else does.
@Suite("Sealed files and wrapped album keys (AES-256-GCM, PBKDF2-SHA-256)")
struct SealedFileTests {
    /// Seeded bytes: the same every run.
    static func bytes(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0 ..< count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    @Test("every size opens back to its bytes, at the size laid out; two seals of one file differ", arguments: [0, 1, 65_535, 65_536, 65_537, 200_000])
    func roundTrip(size: Int) throws {
        let key = AlbumKey.random()
        let plain = Self.bytes(size, seed: UInt32(size))
        let sealed = try SealedFile.seal(plain, key: key)
        #expect(UInt64(sealed.count) == SealedFile.sealedSize(plaintextLength: UInt64(size)))
        #expect(Array(try SealedFile.open(sealed, key: key)) == plain)
        let again = try SealedFile.seal(plain, key: key)
        #expect(again != sealed, "the same nonces twice under one key")
        #expect(Array(try SealedFile.open(again, key: key)) == plain)
    }

    @Test("text sealed gzipping opens to its bytes, smaller than sealed plain, marked GALZ; what does not shrink is sealed plain")
    func gzipped() throws {
        let key = AlbumKey.random()
        let page = Array(String(repeating: "<div class=\"cell\" data-photo-id=\"1\">a caption kept secret</div>\n", count: 4_000).utf8)
        let sealed = try SealedFile.seal(page, key: key, gzipping: true)
        #expect(Array(sealed.prefix(4)) == SealedFile.gzippedMagic)
        #expect(sealed.count < page.count / 10, "\(sealed.count) bytes sealed of \(page.count)")
        #expect(Array(try SealedFile.open(sealed, key: key)) == page)
        // Noise does not shrink: sealed as it is.
        let noise = Self.bytes(10_000, seed: 5)
        let plain = try SealedFile.seal(noise, key: key, gzipping: true)
        #expect(Array(plain.prefix(4)) == SealedFile.magic)
        #expect(Array(try SealedFile.open(plain, key: key)) == noise)
        // The magic is authenticated: a GALZ file passed off as GAL1 (or back) does not open.
        var relabelled = Array(sealed)
        relabelled[3] = SealedFile.magic[3]
        #expect(throws: PrivateAlbumError.self) { try SealedFile.open(relabelled, key: key) }
    }

    @Test("a file sealed a segment at a time opens to its bytes; nothing is left when its source is gone", arguments: [0, 65_536, 300_001])
    func sealFile(size: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "seal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = Self.bytes(size, seed: 3)
        try Data(plain).write(to: folder.appending(path: "plain"))
        let key = AlbumKey.random()
        try SealedFile.seal(file: folder.appending(path: "plain").path, to: folder.appending(path: "sealed").path, key: key)
        let sealed = try Data(contentsOf: folder.appending(path: "sealed"))
        #expect(UInt64(sealed.count) == SealedFile.sealedSize(plaintextLength: UInt64(size)))
        #expect(Array(try SealedFile.open(sealed, key: key)) == plain)
        #expect(throws: PrivateAlbumError.self) {
            try SealedFile.seal(file: folder.appending(path: "gone").path, to: folder.appending(path: "other").path, key: key)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["plain", "sealed"])
    }

    @Test("a byte changed anywhere, a segment moved, dropped or cut, bytes added, another key: damaged, never wrong bytes")
    func tampering() throws {
        let key = AlbumKey.random()
        let plain = Self.bytes(150_000, seed: 9)  // three segments, the last short
        let sealed = Array(try SealedFile.seal(plain, key: key))
        let segment = SealedFile.segmentSize + SealedFile.tagSize
        var cases: [(String, [UInt8])] = []
        for position in [0, 5, 10, 17, 23, 24, 24 + segment - 1, 24 + segment + 100, sealed.count - 1] {
            var changed = sealed
            changed[position] ^= 0x01
            cases.append(("byte \(position)", changed))
        }
        var swapped = sealed
        swapped.replaceSubrange(24 ..< 24 + 2 * segment, with: Array(sealed[24 + segment ..< 24 + 2 * segment]) + Array(sealed[24 ..< 24 + segment]))
        cases.append(("segments 0 and 1 swapped", swapped))
        cases.append(("cut", Array(sealed.dropLast(10))))
        cases.append(("last segment dropped", Array(sealed.prefix(24 + 2 * segment))))
        cases.append(("added to", sealed + [0]))
        cases.append(("empty", []))
        for (label, bytes) in cases {
            #expect(throws: PrivateAlbumError.self, "\(label)") { try SealedFile.open(bytes, key: key) }
        }
        #expect(throws: PrivateAlbumError.self) { try SealedFile.open(sealed, key: AlbumKey.random()) }
    }

    @Test("the password opens the key (in NFC or NFD), a wrong one says so, a new password wraps the same key")
    func wrapping() throws {
        let key = AlbumKey.random()
        let password = "corre\u{0301}ct horse 🐎"  // é as e + combining accent
        let wrapped = try WrappedAlbumKey(wrapping: key, password: password)
        let decoded = try JSONDecoder().decode(WrappedAlbumKey.self, from: try JSONEncoder().encode(wrapped))
        #expect(decoded == wrapped && wrapped.iterations >= 600_000)
        #expect(try decoded.unwrap(password: password) == key)
        #expect(try decoded.unwrap(password: "corr\u{00E9}ct horse 🐎") == key, "the same password in NFC")
        #expect(throws: PrivateAlbumError.wrongPassword) { try decoded.unwrap(password: "correct horse") }
        #expect(throws: PrivateAlbumError.wrongPassword) { try decoded.unwrap(password: "") }
        let rewrapped = try WrappedAlbumKey(wrapping: key, password: "new one")
        #expect(rewrapped.salt != wrapped.salt)
        #expect(try rewrapped.unwrap(password: "new one") == key)
        var weak = wrapped
        weak.iterations = 1_000
        #expect(throws: PrivateAlbumError.self) { try weak.unwrap(password: password) }
        #expect(throws: PrivateAlbumError.self) { try WrappedAlbumKey(wrapping: key, password: password, iterations: 100_000) }
    }
}
