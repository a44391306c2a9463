import Foundation
import GalleryStore
import GalleryZip

/// An album's original files as one ZIP (`[downloads] album_zip`): laid out from the library
/// (each file's name within the album's folder, its size, its capture time as the entry's
/// date) before it is written, so its page can say its size, and named by a digest of what it
/// holds (`SiteFileName.albumZip`): the same photos give the same file, and an export writes it
/// again only when one of them changed, was added or was removed.
struct AlbumZip: Sendable {
    let archive: StoredZip
    /// The digest of its entries (16 hex digits) the file is named by.
    let key: String
    /// What a visitor's browser saves it as: the album's title, made safe for a file name.
    let downloadName: String

    /// - Parameters:
    ///   - root: the library's folder; `photos` in album order.
    ///   - title: the album's title.
    /// - Throws: `AlbumZipError` naming a file that is gone or unreadable.
    init(photos: [StoredPhoto], albumPath: String, root: String, title: String) throws {
        var entries: [StoredZip.Entry] = []
        var used = Set<String>()
        var digest = Digest64()
        for stored in photos {
            let photo = stored.photo
            let source = root + "/" + photo.path
            let prefix = albumPath.isEmpty ? "" : albumPath + "/"
            var name = photo.path.hasPrefix(prefix) ? String(photo.path.dropFirst(prefix.count)) : String(photo.path.split(separator: "/").last ?? "")
            // Two files of one name cannot be (one folder), but a name ZIP refuses gets its last part.
            if !StoredZip.isSafe(name) { name = String(photo.path.split(separator: "/").last ?? "photo") }
            var unique = name, n = 2
            while !used.insert(unique.lowercased()).inserted {
                let dot = name.lastIndex(of: ".")
                unique = dot.map { "\(name[..<$0])-\(n)\(name[$0...])" } ?? "\(name)-\(n)"
                n += 1
            }
            let attributes: [FileAttributeKey: Any]
            do { attributes = try FileManager.default.attributesOfItem(atPath: source) } catch { throw AlbumZipError(file: source, problem: "cannot be read; run gallery import again") }
            let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
            let modified = Self.components(photo.metadata.takenAt)
            entries.append(StoredZip.Entry(name: unique, source: source, size: size, modified: modified))
            digest.add("\(unique)\u{0}\(size)\u{0}\(stored.contentHash)\u{0}\(photo.metadata.takenAt ?? "")\n")
        }
        do { archive = try StoredZip(entries: entries) } catch { throw AlbumZipError(file: root, problem: error.description) }
        key = digest.hex
        downloadName = Self.fileName(title) + ".zip"
    }

    /// "2024-07-14T09:05:00…" as the entry's local date and time (nil parts: 1980-01-01).
    static func components(_ takenAt: String?) -> DateComponents {
        guard let text = takenAt, text.count >= 10 else { return DateComponents() }
        let digits = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard digits.count >= 3 else { return DateComponents() }
        return DateComponents(year: digits[0], month: digits[1], day: digits[2],
                              hour: digits.count > 3 ? digits[3] : 0, minute: digits.count > 4 ? digits[4] : 0, second: digits.count > 5 ? digits[5] : 0)
    }

    /// The title without what file systems refuse ('/', '\', ':', control characters…).
    static func fileName(_ title: String) -> String {
        let kept = title.unicodeScalars.map { scalar -> String in
            CharacterSet.controlCharacters.contains(scalar) || "/\\:*?\"<>|".unicodeScalars.contains(scalar) ? "-" : String(scalar)
        }.joined().trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ".")))
        return kept.isEmpty ? "album" : String(kept.prefix(100))
    }
}

/// FNV-1a, 64 bits: a stable digest of short texts (not a defence against anyone).
struct Digest64 {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ text: String) {
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }

    var hex: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Why an album's ZIP cannot be made: the export says so and goes on without it.
struct AlbumZipError: Error, CustomStringConvertible {
    var file: String
    var problem: String
    var description: String { "\(file): \(problem)" }
}
