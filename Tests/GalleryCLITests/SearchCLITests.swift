import Foundation
import GalleryTestSupport
import Testing

/// Search through the CLI: `gallery photos --query` and `gallery layout --query`, on photos
/// described by exiftool as Lightroom describes them.
@Suite("Search through the CLI: photos --query, layout --query")
struct SearchCLITests {
    static func library() throws -> TemporaryDirectory {
        let work = try TemporaryDirectory("search-cli")
        try TestMetadata.jpeg("lib/coast/IMG_0412.jpg", in: work, exiftool: [
            "-XMP-dc:Title=Harbour at dusk", "-XMP-dc:Description=The ferry had just left.", "-XMP-dc:Subject=boats",
            "-XMP-lr:HierarchicalSubject=Places|Brittany|Concarneau", "-XMP-iptcExt:PersonInImage=Maël Le Goff",
            "-XMP-photoshop:City=Concarneau", "-DateTimeOriginal=2024:07:14 18:00:00", "-Make=Google", "-Model=Pixel 7",
        ])
        try TestMetadata.jpeg("lib/coast/b.jpg", in: work, exiftool: ["-XMP-dc:Title=港の灯り", "-DateTimeOriginal=2024:08:01 21:00:00"])
        try TestMetadata.jpeg("lib/hills/c.jpg", in: work, exiftool: ["-XMP-dc:Title=Harbour wall", "-DateTimeOriginal=2023:07:02 07:30:00"])
        try TestMetadata.jpeg("lib/secret/d.jpg", in: work, exiftool: ["-XMP-dc:Title=Harbour hidden"])
        try work.write("lib/secret/album.toml", text: "hidden = true\n")
        #expect(try GalleryBinary.run(["import", "lib", "--quiet"], in: work.url).status == 0)
        return work
    }

    static func found(_ query: String, _ extra: [String] = [], in work: TemporaryDirectory) throws -> [String] {
        try GalleryBinary.listedPhotos(in: work.url, ["--query", query] + extra).compactMap { $0["path"] as? String }
    }

    @Test("words of every field, any case and accents, prefixes, all words required, by date; unlisted albums never; places only with --publish-location")
    func queries() throws {
        let work = try Self.library()
        #expect(try Self.found("harb", in: work) == ["hills/c.jpg", "coast/IMG_0412.jpg"], "by date across albums; the unlisted album's photo never")
        #expect(try Self.found("HARBOUR dusk", in: work) == ["coast/IMG_0412.jpg"])
        #expect(try Self.found("ferry", in: work) == ["coast/IMG_0412.jpg"], "the comment")
        #expect(try Self.found("brittany", in: work) == ["coast/IMG_0412.jpg"], "a hierarchical keyword's levels")
        #expect(try Self.found("mael", in: work) == ["coast/IMG_0412.jpg"], "a person, without the accent")
        #expect(try Self.found("pixel", in: work) == ["coast/IMG_0412.jpg"], "the camera")
        #expect(try Self.found("img_0412", in: work) == ["coast/IMG_0412.jpg"], "the file name")
        #expect(try Self.found("july 2024", in: work) == ["coast/IMG_0412.jpg"], "a month and a year")
        #expect(try Self.found("2024", in: work) == ["coast/IMG_0412.jpg", "coast/b.jpg"])
        #expect(try Self.found("灯り", in: work) == ["coast/b.jpg"], "a script without spaces, by pairs")
        #expect(try Self.found("concarneau", in: work) == ["coast/IMG_0412.jpg"], "the keyword's leaf, even without places")
        #expect(try Self.found("hidden", in: work).isEmpty)
        for hostile in ["<img src=x onerror=alert(1)>", "\"", "\u{200F}", String(repeating: "x", count: 10_000), "🌊"] {
            #expect(try Self.found(hostile, in: work).isEmpty, "\(hostile.prefix(20))")
        }
        try work.write("lib/gallery.toml", text: "[site]\nlanguage = \"fr\"\n")
        #expect(try Self.found("juillet", in: work) == ["hills/c.jpg", "coast/IMG_0412.jpg"], "the site's language's month names")
        #expect(try Self.found("july", in: work) == ["hills/c.jpg", "coast/IMG_0412.jpg"], "and English's")
    }

    @Test("layout --query lays out what photos --query finds, in its order, stored like a browse page's")
    func layouts() throws {
        let work = try Self.library()
        let run = try GalleryBinary.run(["layout", "--query", "harbour", "--viewport", "390x844", "--json"], in: work.url)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let ids = ((json["items"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }
        let listed = try GalleryBinary.run(["photos", "--query", "harbour", "--json"], in: work.url)
        let expected = ((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }
        #expect(ids == expected && ids.count == 2, "\(ids) \(expected)")
        let both = try GalleryBinary.run(["layout", "--query", "harbour", "--album", "coast", "--width", "800"], in: work.url)
        #expect(both.status == 2, "a usage error: \(both.status)")
        #expect(both.stderr.contains("drop --album"), "\(both.stderr)")
    }
}
