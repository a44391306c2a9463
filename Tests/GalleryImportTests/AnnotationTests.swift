import Foundation
@testable import GalleryImport
import GalleryStore
import GalleryTestSupport
import Testing

@Suite("Import: annotations, their precedence and every malformed case")
struct AnnotationTests {
    func caption(_ database: GalleryDatabase, _ path: String) throws -> (String, String)? {
        try database.photos().first { $0.path == path }.map { ($0.caption, $0.comment) }
    }

    @Test("sidecar beats annotations.json beats Photos.plist")
    func precedence() throws {
        let photos = try TemporaryDirectory()
        for name in ["all.jpg", "json-and-plist.jpg", "plist-only.jpg", "none.jpg"] {
            try photos.write(name, TestImages.jpeg())
        }
        try photos.write("all.txt", text: "Sidecar caption\nSidecar comment,\non two lines.\n")
        try photos.write("annotations.json", text: """
            [{"photo": "all.jpg", "caption": "JSON", "comment": "json"},
             {"photo": "./json-and-plist.jpg", "caption": "JSON 2", "comment": "from json"}]
            """)
        try photos.write("Photos.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><array>
              <dict><key>Photo</key><string>all</string><key>Caption</key><string>plist</string><key>Comment</key><string>p</string></dict>
              <dict><key>Photo</key><string>json-and-plist.jpg</string><key>Caption</key><string>plist 2</string><key>Comment</key><string>p</string></dict>
              <dict><key>Photo</key><string>plist-only</string><key>Caption</key><string>Tutorial style</string><key>Comment</key><string>Named like an asset</string></dict>
            </array></plist>
            """)
        let database = try GalleryDatabase()
        let (_, log) = try runImport(photos, into: database)
        #expect(log.warnings.isEmpty, "\(log.warnings)")
        #expect(try caption(database, "all.jpg")! == ("Sidecar caption", "Sidecar comment,\non two lines."))
        #expect(try caption(database, "json-and-plist.jpg")! == ("JSON 2", "from json"))
        #expect(try caption(database, "plist-only.jpg")! == ("Tutorial style", "Named like an asset"))
        #expect(try caption(database, "none.jpg")! == ("", ""))
    }

    @Test("--annotations FILE, paths relative to the folder; NAME.jpg.txt sidecars; per-album JSON")
    func explicitFileAndVariants() throws {
        let photos = try TemporaryDirectory()
        try photos.write("trip/a.jpg", TestImages.jpeg())
        try photos.write("trip/b.jpg", TestImages.jpeg())
        try photos.write("trip/b.jpg.txt", text: "\u{FEFF}B caption\r\nB comment\r\n")
        try photos.write("trip/annotations.json", text: #"[{"photo": "a.jpg", "caption": "album-level"}]"#)
        let elsewhere = try TemporaryDirectory()
        let file = try elsewhere.write("notes.json", text: #"[{"photo": "trip/a.jpg", "caption": "explicit", "comment": null}]"#)
        let database = try GalleryDatabase()
        let (_, log) = try runImport(photos, into: database, annotations: file)
        #expect(log.warnings.isEmpty, "\(log.warnings)")
        #expect(try caption(database, "trip/a.jpg")! == ("explicit", ""))
        #expect(try caption(database, "trip/b.jpg")! == ("B caption", "B comment"))
    }

    @Test("editing only an annotation updates the photo on the next run")
    func annotationOnlyChange() throws {
        let photos = try TemporaryDirectory()
        try photos.write("a.jpg", TestImages.jpeg())
        try photos.write("a.txt", text: "First")
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        try photos.write("a.txt", text: "Second\nwith a comment")
        let (summary, _) = try runImport(photos, into: database)
        #expect(summary == ImportSummary(updated: 1))
        #expect(try caption(database, "a.jpg")! == ("Second", "with a comment"))
        try photos.remove("a.txt")
        _ = try runImport(photos, into: database)
        #expect(try caption(database, "a.jpg")! == ("", ""))
    }

    @Test("malformed annotation files: one warning each, naming the file and entry; photos still imported")
    func malformed() throws {
        let cases: [(name: String, json: String, expected: [String])] = [
            ("not JSON", "[{\"photo\": ", ["not valid JSON"]),
            ("not an array", #"{"photo": "a.jpg"}"#, ["expected an array"]),
            ("entry not an object", #"[42, {"photo": "a.jpg", "caption": "ok"}]"#, ["entry 1: expected an object"]),
            ("missing photo", #"[{"caption": "x"}]"#, ["entry 1: missing the \"photo\" key"]),
            ("wrong type", #"[{"photo": "a.jpg", "caption": 7}]"#, ["entry 1 (a.jpg): \"caption\" must be a string"]),
            ("unknown photo", #"[{"photo": "nope.jpg", "caption": "x"}]"#, ["entry 1: no photo 'nope.jpg'"]),
            ("duplicate", #"[{"photo": "a.jpg", "caption": "one"}, {"photo": "a.jpg", "caption": "two"}]"#, ["entry 2: 'a.jpg' is annotated again (first in entry 1)"]),
        ]
        for (name, json, expected) in cases {
            let photos = try TemporaryDirectory()
            try photos.write("a.jpg", TestImages.jpeg())
            try photos.write("annotations.json", text: json)
            let database = try GalleryDatabase()
            let (summary, log) = try runImport(photos, into: database)
            #expect(summary.added == 1, "\(name)")
            #expect(log.warnings.count == expected.count, "\(name): \(log.warnings)")
            for text in expected {
                #expect(log.warnings.contains { $0.contains(text) && $0.contains("annotations.json") }, "\(name): \(log.warnings)")
            }
        }
        // The later duplicate wins.
        let photos = try TemporaryDirectory()
        try photos.write("a.jpg", TestImages.jpeg())
        try photos.write("annotations.json", text: #"[{"photo": "a.jpg", "caption": "one"}, {"photo": "a.jpg", "caption": "two"}]"#)
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        #expect(try caption(database, "a.jpg")?.0 == "two")
    }

    @Test("a malformed Photos.plist and an unreadable --annotations file")
    func malformedPlistAndMissingFile() throws {
        let photos = try TemporaryDirectory()
        try photos.write("a.jpg", TestImages.jpeg())
        try photos.write("Photos.plist", text: "<plist><array><dict><key>Photo</key>")
        let database = try GalleryDatabase()
        let (summary, log) = try runImport(photos, into: database)
        #expect(summary.added == 1)
        #expect(log.warnings.count == 1 && log.warnings[0].contains("Photos.plist: not a valid property list"))
        #expect(throws: ImportError.self) { try runImport(photos, into: database, annotations: "/nonexistent/notes.json") }
    }

    @Test("invalid UTF-8 is replaced with U+FFFD, with a warning")
    func invalidUTF8() throws {
        let photos = try TemporaryDirectory()
        try photos.write("a.jpg", TestImages.jpeg())
        try photos.write("b.jpg", TestImages.jpeg())
        try photos.write("a.txt", Array("Caf".utf8) + [0xE9] + Array(" au lait\nok".utf8))
        try photos.write("annotations.json", Array(#"[{"photo": "b.jpg", "caption": "bad "#.utf8) + [0xFF, 0xFE] + Array(#" bytes"}]"#.utf8))
        let database = try GalleryDatabase()
        let (_, log) = try runImport(photos, into: database)
        #expect(try caption(database, "a.jpg")?.0 == "Caf\u{FFFD} au lait")
        #expect(try caption(database, "b.jpg")?.0 == "bad \u{FFFD}\u{FFFD} bytes")
        #expect(log.warnings.filter { $0.contains("not valid UTF-8") }.count == 2)
    }

    @Test("seeded: a text's white space trimmed as Foundation's .whitespacesAndNewlines trims it, for every white space scalar it has")
    func trimmedAsFoundation() {
        let white: [Unicode.Scalar] = (0 ... 0x3000).compactMap(Unicode.Scalar.init).filter { CharacterSet.whitespacesAndNewlines.contains($0) }
        #expect(white.count > 20 && white.contains("\u{3000}") && white.contains("\u{85}"))
        let other: [Unicode.Scalar] = ["a", "é", "\u{301}", "\u{FEFF}", "港", "😀", "-"]
        var rng = SplitMix64(seed: 51)
        for _ in 0 ..< 2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0 ..< Int(rng.next() % 8) {
                let pool = rng.next() % 2 == 0 ? white : other
                scalars.append(pool[Int(rng.next() % UInt64(pool.count))])
            }
            let text = String(scalars)
            #expect(AnnotationCatalog.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("seeded: an annotation's photo path resolved as its parts say, whether plain or with './', '..', '//' and backslashes")
    func resolvedAsItsParts() {
        // What resolve did for every path before plain ones were joined as they are.
        func byParts(_ photo: String, in folder: String) -> String {
            var parts: [Substring] = folder.isEmpty ? [] : folder.split(separator: "/")
            for part in photo.replacingOccurrences(of: "\\", with: "/").split(separator: "/") {
                switch part {
                case ".": continue
                case "..": _ = parts.popLast()
                default: parts.append(part)
                }
            }
            return parts.joined(separator: "/")
        }
        let pieces = ["a", "b.jpg", "é", ".", "..", "...", ".hidden", "/", "\\", "x.", "港"]
        var rng = SplitMix64(seed: 5_107)
        var plain = 0
        for _ in 0 ..< 5_000 {
            let photo = (0 ..< Int(rng.next() % 6)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let folder = ["", "2019", "2019/summer"][Int(rng.next() % 3)]
            let resolved = AnnotationCatalog.resolve(photo, in: folder)
            #expect(resolved == byParts(photo, in: folder), "\(photo) in '\(folder)'")
            if resolved == (folder.isEmpty ? photo : folder + "/" + photo) { plain += 1 }
        }
        // Paths that resolve to themselves and paths that do not both came up often.
        #expect(plain > 500 && plain < 4_500)
    }
}
