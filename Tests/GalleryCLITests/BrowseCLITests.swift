import Foundation
import GalleryTestSupport
import Testing

/// Browse pages' photos through the CLI (`--album keyword:sunset`, `year:2024`, …): from every
/// album, by date, as the library spells a name, their layouts kept and made stale as albums'
/// are; files described by exiftool as Lightroom describes them.
@Suite("Browse pages through the CLI: --album year:, month:, place:, person:, keyword:, favorites")
struct BrowseCLITests {
    /// Two albums whose photos share keywords, people, places and years.
    static func library() throws -> TemporaryDirectory {
        let work = try TemporaryDirectory("browse-cli")
        try TestMetadata.jpeg("lib/coast/a.jpg", in: work, exiftool: [
            "-DateTimeOriginal=2024:07:14 18:00:00", "-XMP-dc:Subject=sunset", "-XMP-iptcExt:PersonInImage=Anna Berg",
            "-XMP-photoshop:City=Brest", "-XMP-photoshop:Country=France", "-XMP-xmp:Rating=5",
        ])
        try TestMetadata.jpeg("lib/coast/b.jpg", in: work, exiftool: ["-DateTimeOriginal=2023:05:01 09:00:00", "-XMP-dc:Subject=boats", "-XMP-xmp:Rating=3"])
        try TestMetadata.jpeg("lib/hills/c.jpg", in: work, exiftool: [
            "-DateTimeOriginal=2024:07:02 07:30:00", "-XMP-lr:HierarchicalSubject=Light|Sunset", "-IPTC:Country-PrimaryLocationName=France",
            "-XMP-xmp:Rating=4",
        ])
        try TestMetadata.jpeg("lib/hills/d.jpg", in: work, exiftool: ["-DateTimeOriginal=2024:12:31 23:59:00", "-XMP-iptcExt:PersonInImage=anna berg"])
        let imported = try GalleryBinary.run(["import", "lib", "--quiet"], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        return work
    }

    static func paths(_ album: String, in work: TemporaryDirectory) throws -> [String] {
        try GalleryBinary.listedPhotos(in: work.url, ["--album", album]).compactMap { $0["path"] as? String }
    }

    @Test("each kind of page holds the photos it names from every album, by date; names in any case")
    func selections() throws {
        let work = try Self.library()
        #expect(try Self.paths("keyword:sunset", in: work) == ["hills/c.jpg", "coast/a.jpg"], "by date across albums; a hierarchical keyword's leaf counts")
        #expect(try Self.paths("keyword:SUNSET", in: work) == ["hills/c.jpg", "coast/a.jpg"])
        #expect(try Self.paths("keyword:Light|Sunset", in: work) == ["hills/c.jpg"], "the whole hierarchical keyword is a keyword too")
        #expect(try Self.paths("person:Anna Berg", in: work) == ["coast/a.jpg", "hills/d.jpg"])
        #expect(try Self.paths("place:france", in: work) == ["hills/c.jpg", "coast/a.jpg"], "a country, from XMP or IPTC")
        #expect(try Self.paths("place:Brest", in: work) == ["coast/a.jpg"])
        #expect(try Self.paths("year:2024", in: work) == ["hills/c.jpg", "coast/a.jpg", "hills/d.jpg"])
        #expect(try Self.paths("month:2024-07", in: work) == ["hills/c.jpg", "coast/a.jpg"])
        #expect(try Self.paths("month:2024-12", in: work) == ["hills/d.jpg"], "December ends at the year's end")
        #expect(try Self.paths("favorites", in: work) == ["hills/c.jpg", "coast/a.jpg"], "4 stars or more by default")
        try work.write("lib/gallery.toml", text: "[browse]\nfavorites_rating = 5\n")
        #expect(try Self.paths("favorites", in: work) == ["coast/a.jpg"], "[browse] favorites_rating")
        // An album keeps its own name: browse names are looked up only when no album has it.
        #expect(try Self.paths("coast", in: work) == ["coast/b.jpg", "coast/a.jpg"])
    }

    @Test("a name no photo is on lists what there is; a malformed one says the form; both are usage errors (exit 2)")
    func unknownNames() throws {
        let work = try Self.library()
        let keyword = try GalleryBinary.run(["layout", "--album", "keyword:sunsett", "--width", "800"], in: work.url)
        #expect(keyword.status == 2 && keyword.stderr.contains("no photo is on 'keyword:sunsett'") && keyword.stderr.contains("'sunset'"), "\(keyword.stderr)")
        let year = try GalleryBinary.run(["photos", "--album", "year:1999"], in: work.url)
        #expect(year.status == 2 && year.stderr.contains("'2023', '2024'"), "\(year.stderr)")
        let month = try GalleryBinary.run(["photos", "--album", "month:2024-13"], in: work.url)
        #expect(month.status == 2 && month.stderr.contains("month:YYYY-MM"), "\(month.stderr)")
    }

    @Test("a browse page's layout is stored, read back, and made stale when a photo gains its keyword in a sidecar")
    func storedLayouts() throws {
        let work = try Self.library()
        func layout() throws -> (ids: [Int], stderr: String) {
            let run = try GalleryBinary.run(["layout", "--album", "keyword:sunset", "--width", "800", "--json"], in: work.url)
            #expect(run.status == 0, "\(run.stderr)")
            let json = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let items = try #require(json["items"] as? [[String: Any]])
            return (items.compactMap { $0["id"] as? Int }, run.stderr)
        }
        func ids(_ album: String) throws -> [Int] {
            let listed = try GalleryBinary.run(["photos", "--album", album, "--json"], in: work.url)
            return (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        }
        let first = try layout()
        #expect(first.ids == (try ids("keyword:sunset")) && first.stderr.contains("computed"), "\(first.stderr)")
        let again = try layout()
        #expect(again.ids == first.ids && again.stderr.contains("read from the store"), "\(again.stderr)")
        let layouts = try GalleryBinary.run(["layouts"], in: work.url)
        #expect(layouts.stdout.lowercased().contains("browse:keyword:sunset"), "\(layouts.stdout)")

        try TestMetadata.sidecar("lib/coast/b.jpg.xmp", in: work, exiftool: ["-XMP-dc:Subject=sunset"])
        let reimported = try GalleryBinary.run(["import", "lib", "--quiet"], in: work.url)
        #expect(reimported.status == 0, "\(reimported.stderr)")
        let after = try layout()
        #expect(after.ids == (try ids("keyword:sunset")) && after.ids.count == 3 && !after.stderr.contains("read from the store"), "\(after.stderr)")
    }
}
