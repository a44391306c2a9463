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
    }
}
