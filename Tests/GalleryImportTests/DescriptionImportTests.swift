import Foundation
@testable import GalleryImport
import GalleryStore
import GRDB
import Imaging
import GalleryTestSupport
import PhotoFacts
import Testing

/// What photos say of themselves and their XMP sidecars say of them, through an import into a
/// real database: layered field by field under our own annotation files, kept up to date when
/// a sidecar alone changes, and bad sidecars a warning each.
@Suite("Import: captions, keywords, people, ratings and places from the files and their sidecars")
struct DescriptionImportTests {
    @Test("our files, then an XMP sidecar (NAME.EXT.xmp or NAME.xmp), then the file's own XMP/IPTC/EXIF: field by field")
    func precedence() throws {
        let photos = try TemporaryDirectory("descriptions")
        try TestMetadata.jpeg("a.jpg", in: photos, exiftool: [
            "-XMP-dc:Title=Embedded title", "-XMP-dc:Description=Embedded description", "-XMP-dc:Subject=sea",
            "-XMP-xmp:Rating=5", "-XMP-photoshop:City=Brest", "-XMP-iptcExt:PersonInImage=Anna Berg",
        ])
        // darktable's name: the description and keywords from it, the rest from the file.
        try TestMetadata.sidecar("a.jpg.xmp", in: photos, exiftool: ["-XMP-dc:Description=Sidecar description", "-XMP-lr:HierarchicalSubject=Places|France|Brest"])
        // Lightroom's name, and our annotations.json giving the caption only.
        try TestMetadata.jpeg("b.jpg", in: photos, exiftool: ["-IPTC:ObjectName=IPTC title", "-IPTC:Keywords=old"])
        try TestMetadata.sidecar("b.xmp", in: photos, exiftool: ["-XMP-dc:Subject=fresh", "-XMP-xmp:Rating=-1"])
        try photos.write("annotations.json", text: #"[{"photo": "b.jpg", "caption": "Our caption"}]"#)
        // Nothing but EXIF's placeholder: no annotation at all.
        try TestMetadata.jpeg("c.jpg", in: photos, exiftool: ["-EXIF:ImageDescription=SONY DSC"])

        let database = try GalleryDatabase()
        let (summary, log) = try runImport(photos, into: database)
        #expect(summary.added == 3 && summary.skipped == 0)
        #expect(log.warnings.isEmpty, "\(log.warnings)")
        let stored = Dictionary(uniqueKeysWithValues: try database.photos().map { ($0.path, $0) })
        let a = try #require(stored["a.jpg"]), b = try #require(stored["b.jpg"]), c = try #require(stored["c.jpg"])
        #expect(a.caption == "Embedded title")
        #expect(a.comment == "Sidecar description")
        #expect(a.keywords == ["Places|France|Brest", "Brest"], "the sidecar has keywords: the file's are not merged in")
        #expect(a.people == ["Anna Berg"] && a.rating == 5 && !a.rejected)
        #expect(a.place == PhotoPlace(city: "Brest"))
        #expect(b.caption == "Our caption" && b.comment == "")
        #expect(b.keywords == ["fresh"])
        #expect(b.rating == nil && b.rejected, "a reject is no rating")
        #expect(c.caption == "" && c.comment == "" && c.keywords.isEmpty && c.place == nil)
    }

    @Test("a sidecar edited, added or removed alone changes that photo's fields on the next import; unused keywords go")
    func sidecarChanges() throws {
        let photos = try TemporaryDirectory("sidecar-changes")
        try TestMetadata.jpeg("a.jpg", in: photos, exiftool: ["-XMP-dc:Title=From the file", "-XMP-dc:Subject=file-keyword"])
        try TestMetadata.jpeg("b.jpg", in: photos, exiftool: ["-XMP-dc:Subject=shared"])
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        #expect(try database.photos().first?.caption == "From the file")

        try TestMetadata.sidecar("a.xmp", in: photos, exiftool: ["-XMP-dc:Title=From the sidecar", "-XMP-dc:Subject=shared"])
        var (summary, _) = try runImport(photos, into: database)
        #expect(summary.updated == 1 && summary.unchanged == 1)
        var a = try #require(try database.photos().first)
        #expect(a.caption == "From the sidecar" && a.keywords == ["shared"])
        #expect(try database.keywordNames() == ["shared"], "one row for the keyword both photos have; the file's own no longer used")

        try TestMetadata.sidecar("a.xmp", in: photos, exiftool: ["-XMP-dc:Title=Edited in the sidecar"])
        (summary, _) = try runImport(photos, into: database)
        #expect(summary.updated == 1)
        a = try #require(try database.photos().first)
        #expect(a.caption == "Edited in the sidecar" && a.keywords == ["file-keyword"], "the sidecar no longer has keywords: the file's show again")

        try photos.remove("a.xmp")
        (summary, _) = try runImport(photos, into: database)
        #expect(summary.updated == 1)
        #expect(try database.photos().first?.caption == "From the file", "the file's own title, kept from its first reading")
        #expect(try runImport(photos, into: database).0.unchanged == 2)
    }

    @Test("a library from before annotation_layers: the next import works each annotation out once and changes nothing; an annotation file edited after is still seen")
    func layersKnownOnce() throws {
        let photos = try TemporaryDirectory("annotation-layers")
        try TestMetadata.jpeg("a.jpg", in: photos, exiftool: ["-XMP-dc:Title=From the file", "-XMP-dc:Subject=sea"])
        try TestMetadata.jpeg("b.jpg", in: photos, exiftool: ["-XMP-dc:Subject=harbour", "-XMP-xmp:Rating=4"])
        try TestMetadata.sidecar("b.xmp", in: photos, exiftool: ["-XMP-iptcExt:PersonInImage=Anna Berg"])
        try photos.write("annotations.json", text: #"[{"photo": "b.jpg", "caption": "Our caption"}]"#)
        let store = try TemporaryDirectory("annotation-layers-db")
        let path = store.path + "/library.db"
        func layersKnown() throws -> Int {
            try GalleryDatabase(path: path).storedPhotoStates().values.filter { $0.annotationLayers != nil }.count
        }
        let database = try GalleryDatabase(path: path)
        _ = try runImport(photos, into: database)
        #expect(try layersKnown() == 2)
        let (before, stamps, revision) = (try database.photos(), try database.renderStamps(), try database.libraryRevision())

        // As an older version left it: no layers known.
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "DELETE FROM annotation_layers") }
        try queue.close()
        #expect(try layersKnown() == 0)
        var (summary, log) = try runImport(photos, into: database)
        #expect(summary.unchanged == 2 && summary.updated == 0 && log.warnings.isEmpty)
        #expect(try layersKnown() == 2)
        #expect(try database.photos() == before)
        #expect(try database.renderStamps() == stamps, "no photo's stamp moved: no page is made again")
        #expect(try database.libraryRevision() == revision)

        // Each layer besides the file, changed alone, is still seen.
        try photos.write("annotations.json", text: #"[{"photo": "b.jpg", "caption": "Edited"}]"#)
        (summary, _) = try runImport(photos, into: database)
        #expect(summary.updated == 1 && summary.unchanged == 1)
        var b = try #require(try database.photos().first { $0.path == "b.jpg" })
        #expect(b.caption == "Edited" && b.keywords == ["harbour"] && b.people == ["Anna Berg"] && b.rating == 4)
        try TestMetadata.sidecar("b.xmp", in: photos, exiftool: ["-XMP-iptcExt:PersonInImage=Bo Lind"])
        (summary, _) = try runImport(photos, into: database)
        #expect(summary.updated == 1 && summary.unchanged == 1)
        b = try #require(try database.photos().first { $0.path == "b.jpg" })
        #expect(b.caption == "Edited" && b.people == ["Bo Lind"] && b.rating == 4)
        #expect(try runImport(photos, into: database).0.unchanged == 2)
    }

    @Test("seeded: the digest of a photo's layers besides its file moves with each of their fields, and only with them")
    func layersDigest() {
        var rng = SplitMix64(seed: 290)
        func pick(_ values: [String]) -> String { values[Int(rng.next() % UInt64(values.count))] }
        func ours() -> Annotation? {
            guard rng.next() % 4 != 0 else { return nil }
            var annotation = Annotation(caption: pick(["", "Dusk", "dusk"]), comment: pick(["", "x"]), source: pick(["annotations.json", "a.txt"]))
            annotation.keywords = rng.next() % 2 == 0 ? [] : [pick(["sea", "Sea"])]
            annotation.rating = rng.next() % 2 == 0 ? nil : Int(rng.next() % 3)
            annotation.place = rng.next() % 2 == 0 ? nil : PhotoPlace(city: pick(["", "Brest"]))
            return annotation
        }
        func sidecar() -> (description: PhotoDescription, source: String)? {
            guard rng.next() % 2 == 0 else { return nil }
            return (PhotoDescription(title: rng.next() % 2 == 0 ? nil : pick(["Dusk", "Dawn"]), people: rng.next() % 2 == 0 ? nil : ["Anna"]),
                    pick(["a.xmp", "a.jpg.xmp"]))
        }
        var seen: [Int64: String] = [:]
        for _ in 0 ..< 3_000 {
            let (o, s) = (ours(), sidecar())
            let shown = "\(String(reflecting: o)) \(String(reflecting: s))"
            let digest = AnnotationLayers.digest(ours: o, sidecar: s, takeout: nil)
            #expect(AnnotationLayers.digest(ours: o, sidecar: s, takeout: nil) == digest)
            if let other = seen[digest] { #expect(other == shown, "one digest for two sets of layers") }
            seen[digest] = shown
        }
        #expect(seen.count > 300, "the generator made many different layers")
    }

    @Test("videos: QuickTime keys and MP4 tags give title, description and keywords; the clip's XMP (written by exiftool) comes first; an XMP sidecar above both")
    func videos() throws {
        let clips = try TemporaryDirectory("described-clips")
        try TestVideos.make(clips.path + "/tagged.mov", width: 64, height: 48, seconds: 0.4, audio: false, metadata: [
            "com.apple.quicktime.title": "Boats leaving", "com.apple.quicktime.description": "From the pier.", "com.apple.quicktime.keywords": "boats, harbour",
        ])
        try TestVideos.make(clips.path + "/xmp.mp4", width: 64, height: 48, seconds: 0.4, audio: false, metadata: ["title": "Tag title"])
        try TestMetadata.write(["-XMP-dc:Title=XMP title", "-XMP-dc:Subject=tide", "-XMP-xmp:Rating=3"], to: clips.path + "/xmp.mp4")
        try TestVideos.make(clips.path + "/sidecar.mp4", width: 64, height: 48, seconds: 0.4, audio: false, metadata: ["title": "Tag title"])
        try TestMetadata.sidecar("sidecar.mp4.xmp", in: clips, exiftool: ["-XMP-dc:Title=Sidecar title"])
        let database = try GalleryDatabase()
        let (summary, log) = try runImport(clips, into: database)
        #expect(summary.added == 3 && log.warnings.isEmpty, "\(log.warnings)")
        let stored = Dictionary(uniqueKeysWithValues: try database.photos().map { ($0.path, $0) })
        #expect(stored["tagged.mov"]?.caption == "Boats leaving" && stored["tagged.mov"]?.comment == "From the pier.")
        #expect(stored["tagged.mov"]?.keywords == ["boats", "harbour"])
        #expect(stored["xmp.mp4"]?.caption == "XMP title" && stored["xmp.mp4"]?.keywords == ["tide"] && stored["xmp.mp4"]?.rating == 3)
        #expect(stored["sidecar.mp4"]?.caption == "Sidecar title")
    }

    @Test("a sidecar that is not XMP (entities, broken XML): one warning naming it; the photo keeps what its file says")
    func badSidecars() throws {
        let photos = try TemporaryDirectory("bad-sidecars")
        try TestMetadata.jpeg("a.jpg", in: photos, exiftool: ["-XMP-dc:Title=Still read"])
        try photos.write("a.xmp", text: """
            <?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>
            """)
        try TestMetadata.jpeg("b.jpg", in: photos, exiftool: [])
        try photos.write("b.jpg.xmp", text: "<x:xmpmeta><rdf:RDF>")
        let database = try GalleryDatabase()
        let (summary, log) = try runImport(photos, into: database)
        #expect(summary.added == 2)
        #expect(log.warnings.count == 2, "\(log.warnings)")
        #expect(log.warnings.contains { $0.hasPrefix(photos.path + "/a.xmp: ") && $0.contains("declares XML entities") })
        #expect(log.warnings.contains { $0.hasPrefix(photos.path + "/b.jpg.xmp: ") && $0.contains("not well-formed") })
        #expect(try database.photos().first?.caption == "Still read")
    }
}

/// Words in the places cameras, phones and Windows leave them, written by exiftool.
@Suite("Import: every word a file carries, and none a camera made up")
struct FileWordsImportTests {
    @Test("a camera's placeholder is no caption or comment from any source (XMP, IPTC, EXIF, a card's folder); a real word below it shows")
    func placeholders() throws {
        let photos = try TemporaryDirectory("placeholders")
        try TestMetadata.jpeg("sony.jpg", in: photos, exiftool: [
            "-EXIF:Make=SONY", "-XMP-dc:Description=SONY DSC", "-IPTC:Caption-Abstract=SONY DSC          ", "-IPTC:ObjectName=OLYMPUS DIGITAL CAMERA",
        ])
        try TestMetadata.jpeg("gopro.jpg", in: photos, exiftool: ["-EXIF:Make=GoPro", "-XMP-dc:Description=DCIM\\100GOPRO", "-EXIF:ImageDescription=DCIM\\100GOPRO"])
        // Under the XMP placeholder, IPTC's real words still show.
        try TestMetadata.jpeg("kodak.jpg", in: photos, exiftool: [
            "-XMP-dc:Description=KODAK Digital Still Camera", "-IPTC:Caption-Abstract=Grandmother's garden", "-IPTC:Headline=Summer 1998",
        ])
        // The camera's own model as a title.
        try TestMetadata.jpeg("model.jpg", in: photos, exiftool: ["-EXIF:Make=Canon", "-EXIF:Model=Canon PowerShot A70", "-XMP-dc:Title=Canon PowerShot A70"])
        let database = try GalleryDatabase()
        let (summary, log) = try runImport(photos, into: database)
        #expect(summary.added == 4 && log.warnings.isEmpty, "\(log.warnings)")
        let stored = Dictionary(uniqueKeysWithValues: try database.photos().map { ($0.path, $0) })
        for name in ["sony.jpg", "gopro.jpg", "model.jpg"] {
            let photo = try #require(stored[name])
            #expect(photo.caption == "" && photo.comment == "", "\(name): \(photo.caption) / \(photo.comment)")
        }
        let kodak = try #require(stored["kodak.jpg"])
        #expect(kodak.caption == "Summer 1998" && kodak.comment == "Grandmother's garden", "\(kodak.caption) / \(kodak.comment)")
    }

    @Test("Windows' stars (EXIF Rating, RatingPercent, MicrosoftPhoto:Rating) and XP tags; IPTC in a PNG as exiftool writes it; a JPEG comment last")
    func otherPlaces() throws {
        let photos = try TemporaryDirectory("file-words")
        try TestMetadata.jpeg("xp.jpg", in: photos, exiftool: ["-XPTitle=Pier", "-XPComment=At low tide", "-XPKeywords=sea;pier", "-EXIF:Rating=4"])
        try TestMetadata.jpeg("percent.jpg", in: photos, exiftool: ["-EXIF:RatingPercent=50"])
        try TestMetadata.jpeg("windows.jpg", in: photos, exiftool: ["-XMP-microsoft:RatingPercent=99"])
        // xmp:Rating wins over Windows' own, and 0 is no rating.
        try TestMetadata.jpeg("both.jpg", in: photos, exiftool: ["-XMP-xmp:Rating=2", "-XMP-microsoft:RatingPercent=99", "-EXIF:Rating=5"])
        try TestMetadata.jpeg("zero.jpg", in: photos, exiftool: ["-EXIF:Rating=0"])
        let png = try photos.write("scan.png", TestImages.png())
        try TestMetadata.write(["-IPTC:Keywords=archive", "-IPTC:Keywords=scan", "-IPTC:Caption-Abstract=Found in a drawer"], to: png)
        try TestMetadata.jpeg("comment.jpg", in: photos, exiftool: ["-Comment=Written on the back: Brest, 1962"])
        try TestMetadata.jpeg("signed.jpg", in: photos, exiftool: ["-Comment=CREATOR: gd-jpeg v1.0 (using IJG JPEG v62), quality = 90"])
        // A comment is the last resort: EXIF's description comes first.
        try TestMetadata.jpeg("described.jpg", in: photos, exiftool: ["-Comment=the comment", "-EXIF:ImageDescription=the description"])
        let database = try GalleryDatabase()
        let (summary, log) = try runImport(photos, into: database)
        #expect(summary.added == 9, "\(log.warnings)")
        let stored = Dictionary(uniqueKeysWithValues: try database.photos().map { ($0.path, $0) })
        let xp = try #require(stored["xp.jpg"])
        #expect(xp.caption == "Pier" && xp.comment == "At low tide" && xp.keywords == ["sea", "pier"] && xp.rating == 4)
        #expect(stored["percent.jpg"]?.rating == 3)
        #expect(stored["windows.jpg"]?.rating == 5)
        #expect(stored["both.jpg"]?.rating == 2)
        #expect(stored["zero.jpg"]?.rating == nil)
        let scan = try #require(stored["scan.png"])
        #expect(scan.comment == "Found in a drawer" && scan.keywords == ["archive", "scan"], "\(scan.comment) \(scan.keywords)")
        #expect(stored["comment.jpg"]?.comment == "Written on the back: Brest, 1962")
        #expect(stored["signed.jpg"]?.comment == "", "a program's signature is not a comment")
        #expect(stored["described.jpg"]?.comment == "the description")
    }
}

extension FileWordsImportTests {
    @Test("words someone wrote about a camera are kept; only a maker's name before \"digital camera\" is a placeholder")
    func sentencesAboutCameras() throws {
        let photos = try TemporaryDirectory("camera-words")
        try TestMetadata.jpeg("a.jpg", in: photos, exiftool: ["-XMP-dc:Description=The first picture from my new digital camera"])
        try TestMetadata.jpeg("b.jpg", in: photos, exiftool: ["-EXIF:ImageDescription=NIKON DIGITAL CAMERA", "-EXIF:UserComment=Lake Geneva at dawn"])
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        let stored = Dictionary(uniqueKeysWithValues: try database.photos().map { ($0.path, $0) })
        #expect(stored["a.jpg"]?.comment == "The first picture from my new digital camera")
        #expect(stored["b.jpg"]?.comment == "Lake Geneva at dawn", "a placeholder in ImageDescription leaves UserComment its turn")
    }
}
