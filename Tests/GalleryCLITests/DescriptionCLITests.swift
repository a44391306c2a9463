import Foundation
import GalleryTestSupport
import Testing

/// The built binary on photos Lightroom-style tools annotated (written by exiftool): what
/// `photos --json` gives under the keys outside programs read.
@Suite("Descriptions through the CLI: photos --json's keys")
struct DescriptionCLITests {
    @Test("photos --json: keywords, people, rating, rejected, favorite and place, with null and empty where nothing is said")
    func json() throws {
        let work = try TemporaryDirectory()
        try TestMetadata.jpeg("lib/annotated.jpg", in: work, exiftool: [
            "-XMP-dc:Title=Harbour at dusk", "-XMP-dc:Description=Boats coming in.", "-XMP-dc:Subject=boats",
            "-XMP-lr:HierarchicalSubject=Places|France|Brest", "-XMP-iptcExt:PersonInImage=Anna Berg", "-XMP-xmp:Rating=3",
            "-IPTC:Sub-location=Port du Château", "-IPTC:City=Brest", "-IPTC:Province-State=Bretagne", "-IPTC:Country-PrimaryLocationName=France",
            "-IPTC:CodedCharacterSet=UTF8",
        ])
        try TestMetadata.jpeg("lib/plain.jpg", in: work, exiftool: [])
        try TestMetadata.jpeg("lib/city.jpg", in: work, exiftool: ["-XMP-photoshop:City=Brest"])
        let imported = try GalleryBinary.run(["import", "lib", "--quiet"], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let photos = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        var byPath: [String: [String: Any]] = [:]
        for photo in photos { byPath[photo["path"] as? String ?? ""] = photo }
        let annotated = try #require(byPath["annotated.jpg"])
        #expect(annotated["caption"] as? String == "Harbour at dusk" && annotated["comment"] as? String == "Boats coming in.")
        #expect(annotated["keywords"] as? [String] == ["boats", "Places|France|Brest", "Brest"])
        #expect(annotated["people"] as? [String] == ["Anna Berg"])
        #expect(annotated["rating"] as? Int == 3 && annotated["rejected"] as? Bool == false && annotated["favorite"] as? Bool == false)
        let place = try #require(annotated["place"] as? [String: Any])
        #expect(place["sublocation"] as? String == "Port du Château" && place["city"] as? String == "Brest")
        #expect(place["state"] as? String == "Bretagne" && place["country"] as? String == "France")
        let plain = try #require(byPath["plain.jpg"])
        #expect(plain["keywords"] as? [String] == [] && plain["people"] as? [String] == [])
        #expect(plain["rating"] is NSNull && plain["place"] is NSNull && plain["favorite"] as? Bool == false)
        // A place said in part has all four keys, the unsaid ones null (not left out).
        let city = try #require(byPath["city.jpg"]?["place"] as? [String: Any])
        #expect(Set(city.keys) == ["sublocation", "city", "state", "country"], "\(city)")
        #expect(city["city"] as? String == "Brest" && city["sublocation"] is NSNull && city["state"] is NSNull && city["country"] is NSNull)
    }

    @Test("the site carries keywords, people and stars for the lightbox; [content] keywords, people, ratings = \"hide\" leave each out of every page and data file")
    func hidden() throws {
        let work = try TemporaryDirectory()
        try TestMetadata.jpeg("photos/a.jpg", in: work, exiftool: [
            "-XMP-dc:Title=Shown", "-XMP-dc:Subject=secret-keyword", "-XMP-iptcExt:PersonInImage=Secret Person", "-XMP-xmp:Rating=4",
            "-XMP-photoshop:City=Secret City",
        ])
        func site(_ name: String) throws -> String {
            let folder = work.url.appending(path: name)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".html") || $0.hasSuffix(".js") } ?? []
            return try files.map { try String(contentsOf: folder.appending(path: $0), encoding: .utf8) }.joined(separator: "\n")
        }
        let shown = try GalleryBinary.run(["build", "photos", "--db", "shown.db", "--out", "shown", "--quiet"], in: work.url)
        #expect(shown.status == 0, "\(shown.stderr)")
        let text = try site("shown")
        #expect(text.contains("secret-keyword") && text.contains("Secret Person") && text.contains("data-rating=\"4\""))
        #expect(!text.contains("Secret City"), "a place is published only with the location (--publish-location)")

        try work.write("photos/gallery.toml", text: "[content]\nkeywords = \"hide\"\npeople = \"hide\"\nratings = \"hide\"\n")
        let hidden = try GalleryBinary.run(["build", "photos", "--db", "hidden.db", "--out", "hidden", "--quiet"], in: work.url)
        #expect(hidden.status == 0, "\(hidden.stderr)")
        let quiet = try site("hidden")
        #expect(quiet.contains("Shown"))
        #expect(!quiet.contains("secret-keyword") && !quiet.contains("Secret Person") && !quiet.contains("data-rating"))

        let located = try GalleryBinary.run(["build", "photos", "--db", "located.db", "--out", "located", "--publish-location", "--quiet"], in: work.url)
        #expect(located.status == 0, "\(located.stderr)")
        #expect(try site("located").contains("Secret City"))
    }
}
