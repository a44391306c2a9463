import Crypto
import Foundation
import GalleryZip

/// A file of a private album as the site holds it: AES-256-GCM in segments of 64 KiB, each
/// sealed on its own, so that a browser (WebCrypto, in the page or its service worker) can
/// open any part of a large file — a range of a video — without the rest.
///
///     header   "GAL1", segment size (UInt32 LE), nonce prefix (8 random bytes), plaintext length (UInt64 LE)
///     segment  i: AES-GCM ciphertext of plaintext[i·S ..< (i+1)·S] and its 16-byte tag, under
///              nonce = prefix ‖ i (UInt32 BE), with the whole header as additional data
///
/// Every file has a fresh random prefix, so no two files (nor two versions of one) share a
/// nonce under the album's key. The header is authenticated by every segment: a changed length,
/// segment size or prefix, a segment swapped, dropped or cut, and a changed byte all fail to open.
/// An empty file has one empty segment (its tag still authenticates the header).
///
/// "GALZ" in place of "GAL1": the sealed plaintext is the file gzipped (a page, script, style or
/// data file: ciphertext does not compress, so no host can do it for them); opening inflates it.
public enum SealedFile {
    public static let magic = Array("GAL1".utf8)
    public static let gzippedMagic = Array("GALZ".utf8)
    public static let headerSize = 24
    public static let tagSize = 16
    public static let segmentSize = 64 * 1024

    /// The sealed size of a plaintext of `length` bytes.
    public static func sealedSize(plaintextLength length: UInt64, segmentSize: Int = segmentSize) -> UInt64 {
        let segments = max(1, (length + UInt64(segmentSize) - 1) / UInt64(segmentSize))
        return UInt64(headerSize) + length + segments * UInt64(tagSize)
    }

    static func header(prefix: [UInt8], length: UInt64, segmentSize: Int, gzipped: Bool = false) -> [UInt8] {
        (gzipped ? gzippedMagic : magic) + withUnsafeBytes(of: UInt32(segmentSize).littleEndian, Array.init) + prefix + withUnsafeBytes(of: length.littleEndian, Array.init)
    }

    static func nonce(prefix: [UInt8], segment: Int) throws -> AES.GCM.Nonce {
        try AES.GCM.Nonce(data: prefix + withUnsafeBytes(of: UInt32(segment).bigEndian, Array.init))
    }

    /// `plaintext` sealed under `key`; `gzipping` (text) seals it gzipped, as "GALZ", when that
    /// is smaller.
    public static func seal(_ plaintext: some DataProtocol, key: AlbumKey, segmentSize: Int = segmentSize, gzipping: Bool = false) throws -> Data {
        var bytes = Array(plaintext)
        var gzipped = false
        if gzipping, let compressed = Gzip.compress(bytes), compressed.count < bytes.count {
            bytes = compressed
            gzipped = true
        }
        var prefix = [UInt8](repeating: 0, count: 8)
        for i in prefix.indices { prefix[i] = UInt8.random(in: 0 ... 255) }
        let header = header(prefix: prefix, length: UInt64(bytes.count), segmentSize: segmentSize, gzipped: gzipped)
        var sealed = Data(header)
        sealed.reserveCapacity(Int(sealedSize(plaintextLength: UInt64(bytes.count), segmentSize: segmentSize)))
        let count = max(1, (bytes.count + segmentSize - 1) / segmentSize)
        for segment in 0 ..< count {
            let part = bytes[min(segment * segmentSize, bytes.count) ..< min((segment + 1) * segmentSize, bytes.count)]
            let box = try AES.GCM.seal(part, using: key.symmetricKey, nonce: nonce(prefix: prefix, segment: segment), authenticating: header)
            sealed += box.ciphertext
            sealed += box.tag
        }
        return sealed
    }

    /// Seals the file at `source` into `target`, a segment at a time (a video of any size takes
    /// one segment of memory), whole or not at all: into a file beside `target`, renamed over it.
    /// - Throws: `PrivateAlbumError.damaged` naming `source` when it cannot be read or changes
    ///   size while it is read; Foundation's error when `target` cannot be written.
    public static func seal(file source: String, to target: String, key: AlbumKey, segmentSize: Int = segmentSize) throws {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: source))?[.size] as? NSNumber,
              let input = FileHandle(forReadingAtPath: source) else { throw PrivateAlbumError.damaged("\(source) cannot be read") }
        defer { try? input.close() }
        let length = size.uint64Value
        var prefix = [UInt8](repeating: 0, count: 8)
        for i in prefix.indices { prefix[i] = UInt8.random(in: 0 ... 255) }
        let header = header(prefix: prefix, length: length, segmentSize: segmentSize)
        let temporary = target + ".partial-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(header)), let output = FileHandle(forWritingAtPath: temporary) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
        }
        var done = false
        defer {
            try? output.close()
            if !done { unlink(temporary) }
        }
        try output.seekToEnd()
        let count = max(1, Int((length + UInt64(segmentSize) - 1) / UInt64(segmentSize)))
        for segment in 0 ..< count {
            let wanted = Int(min(UInt64(segmentSize), length - UInt64(segment) * UInt64(segmentSize)))
            let part = try input.read(upToCount: wanted) ?? Data()
            guard part.count == wanted else { throw PrivateAlbumError.damaged("\(source) changed size while it was sealed") }
            let box = try AES.GCM.seal(part, using: key.symmetricKey, nonce: nonce(prefix: prefix, segment: segment), authenticating: header)
            try output.write(contentsOf: box.ciphertext + box.tag)
        }
        guard (try input.read(upToCount: 1) ?? Data()).isEmpty else { throw PrivateAlbumError.damaged("\(source) changed size while it was sealed") }
        try output.synchronize()
        guard rename(temporary, target) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target]) }
        done = true
    }

    /// The plaintext of `sealed` (a gzipped one inflated).
    /// - Throws: `PrivateAlbumError.damaged` when any byte of it is not what `seal` wrote
    ///   under `key` (a wrong key reads as damaged too: a password is checked by the key's wrap).
    public static func open(_ sealed: some DataProtocol, key: AlbumKey) throws(PrivateAlbumError) -> Data {
        let bytes = Array(sealed)
        guard bytes.count >= headerSize, Array(bytes[0 ..< 4]) == magic || Array(bytes[0 ..< 4]) == gzippedMagic else {
            throw .damaged("not a sealed file (no GAL1 or GALZ header)")
        }
        let header = Array(bytes[0 ..< headerSize])
        let segmentSize = Int(UInt32(littleEndian: header[4 ..< 8].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }))
        let prefix = Array(header[8 ..< 16])
        let length = UInt64(littleEndian: header[16 ..< 24].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        guard segmentSize > 0, UInt64(bytes.count) == sealedSize(plaintextLength: length, segmentSize: segmentSize) else {
            throw .damaged("its size is not the one its header gives (cut short or added to)")
        }
        var plaintext = Data()
        plaintext.reserveCapacity(Int(length))
        var offset = headerSize, segment = 0
        while offset < bytes.count {
            let partLength = min(segmentSize, Int(length) - segment * segmentSize)
            let ciphertext = bytes[offset ..< offset + partLength], tag = bytes[offset + partLength ..< offset + partLength + tagSize]
            do {
                let box = try AES.GCM.SealedBox(nonce: nonce(prefix: prefix, segment: segment), ciphertext: ciphertext, tag: tag)
                plaintext += try AES.GCM.open(box, using: key.symmetricKey, authenticating: header)
            } catch {
                throw .damaged("segment \(segment) does not open: changed, moved or sealed with another key")
            }
            offset += partLength + tagSize
            segment += 1
        }
        guard Array(header[0 ..< 4]) == gzippedMagic else { return plaintext }
        guard let inflated = Gzip.decompress(Array(plaintext)) else { throw .damaged("its gzipped contents do not inflate") }
        return Data(inflated)
    }
}
