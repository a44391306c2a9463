import Foundation
@testable import GalleryHTML
import Testing

/// The manifest's file list kept compactly behaves exactly as a set of names would.
@Suite("ExportFiles: a compact set of an export's file names")
struct ExportFilesTests {
    /// Names of every shape an export writes, and some it never does (so they stay plain).
    static func names(seed: UInt64, count: Int) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let hashes = (0 ..< 12).map { _ in String(format: "%016llx", UInt64(next(Int(Int32.max))) * 2_654_435_761) }
        return (0 ..< count).map { _ in
            let hash = hashes[next(hashes.count)]
            switch next(12) {
            case 9: return "thumbs/\(hash)-236.webp"  // the same width in either format: two files
            case 10: return "thumbs/\(hash)-472.webp"
            case 11: return "thumbs/\(hash)-472-q70.webp"
            case 0: return "thumbs/\(hash)-236.jpg"
            case 1: return "thumbs/\(hash)-472.jpg"
            case 2: return "large/\(hash)-\(1000 + next(3))x\(700 + next(2)).jpg"
            case 3: return "thumbs/\(hash)-300.jpg"  // a width this geometry does not make
            case 4: return "thumbs/\(hash.uppercased())-236.jpg"  // not the hash's form
            case 5: return "large/\(hash)-0x12.jpg"
            case 6: return "data/album-\(next(5)).chunk-\(next(4)).js"
            case 7: return ["index.html", "gallery.css", "fonts/inter-0a1b2c.otf", "album-a.page-2.html"][next(4)]
            default: return "large/\(hash)-1600x1067.jpg"
            }
        }
    }

    @Test("insert, subtract, contains, subtracting and sorted order agree with Set<String>", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func agreesWithSet(seed: UInt64) {
        var files = ExportFiles(thumbnailWidths: [236, 472])
        var other = ExportFiles(thumbnailWidths: [236, 472])
        var reference = Set<String>(), otherReference = Set<String>()
        let all = Self.names(seed: seed, count: 400)
        for name in all.prefix(250) { files.insert(name); reference.insert(name) }
        for name in all.suffix(200) { other.insert(name); otherReference.insert(name) }
        let removed = Self.names(seed: seed + 100, count: 60)
        files.subtract(removed)
        reference.subtract(removed)
        var sorted: [String] = []
        files.forEachSorted { sorted.append($0) }
        #expect(sorted == reference.sorted())
        #expect(files.count == reference.count)
        for name in all + removed { #expect(files.contains(name) == reference.contains(name), "\(name)") }
        #expect(files.subtracting(other).sorted() == reference.subtracting(otherReference).sorted())
        #expect(other.subtracting(files).sorted() == otherReference.subtracting(reference).sorted())
    }

    @Test("parts joined are the files their names inserted one after the other give", arguments: [6, 7, 8] as [UInt64])
    func joinedParts(seed: UInt64) {
        let all = Self.names(seed: seed, count: 600)
        var whole = ExportFiles(thumbnailWidths: [236, 472]), joined = ExportFiles(thumbnailWidths: [236, 472])
        whole.formUnion(all)
        for start in stride(from: 0, to: all.count, by: 150) {
            var part = ExportFiles(thumbnailWidths: [236, 472])
            part.formUnion(all[start ..< start + 150])
            joined.formUnion(part)
        }
        #expect(joined == whole)
        var sorted: [String] = []
        joined.forEachSorted { sorted.append($0) }
        #expect(sorted == Set(all).sorted())
    }

    @Test("the manifest is what JSONEncoder writes, and reads back to the same files", arguments: [0, 1, 300])
    func manifest(count: Int) throws {
        var files = ExportFiles(thumbnailWidths: [236, 472])
        // Every printable ASCII character (written as it is but '"' and '\\'), a tab, a letter of another script.
        let odd = ["odd \"quoted\" \\ name\t.html", "été.html"] + (0x20 ... 0x7E).map { "x" + String(UnicodeScalar(UInt8($0))) + ".html" }
        let names = Self.names(seed: 9, count: count) + (count > 0 ? odd : [])
        files.formUnion(names)
        struct Plain: Encodable { var complete: Bool; var files: [String]; var generator = "gallery" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(Plain(complete: count > 0, files: Set(names).sorted()))
        let data = ExportManifest.data(complete: count > 0, files: files)
        #expect(String(decoding: data, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        let read = try ExportManifest.read(data, thumbnailWidths: [236, 472])
        #expect(read.complete == (count > 0))
        var back: [String] = []
        read.files.forEachSorted { back.append($0) }
        #expect(back == Set(names).sorted())
    }

    @Test("the manifest on disk: streamed out and back, untouched when unchanged, other shapes read as JSON")
    func manifestFile() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: ".gallery-export.json")
        var files = ExportFiles(thumbnailWidths: [236, 472])
        let names = Self.names(seed: 3, count: 5_000) + ["odd \"quoted\" \\ name.html"]
        files.formUnion(names)
        try ExportManifest.write(complete: true, files: files, to: url)
        #expect(try Data(contentsOf: url) == ExportManifest.data(complete: true, files: files))
        let read = try #require(ExportManifest.read(at: url, thumbnailWidths: [236, 472]))
        var back: [String] = []
        read.files.forEachSorted { back.append($0) }
        #expect(read.complete && back == Set(names).sorted())

        // The same list again: the file is not replaced (a rename would give it a new inode).
        let inode = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        try ExportManifest.write(complete: true, files: files, to: url)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int == inode)
        // One name fewer: replaced, and no temporary file is left.
        files.subtract([names[0]])
        try ExportManifest.write(complete: false, files: files, to: url)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int != inode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".gallery-export.json"])
        #expect(ExportManifest.read(at: url, thumbnailWidths: [236, 472])?.complete == false)

        // A manifest of another shape (one line, keys in another order) is read as JSON.
        let compact = try JSONSerialization.data(withJSONObject: ["files": ["b.html", "thumbs/00000000000000ff-236.jpg"], "generator": "gallery", "complete": true])
        try compact.write(to: url)
        let other = try #require(ExportManifest.read(at: url, thumbnailWidths: [236, 472]))
        var otherNames: [String] = []
        other.files.forEachSorted { otherNames.append($0) }
        #expect(other.complete && otherNames == ["b.html", "thumbs/00000000000000ff-236.jpg"])
        // Not a manifest at all.
        try Data("not json".utf8).write(to: url)
        #expect(ExportManifest.read(at: url, thumbnailWidths: [236, 472]) == nil)
    }
}
