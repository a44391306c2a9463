import Foundation
@testable import GalleryImport
import GalleryStore
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
