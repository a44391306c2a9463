import Foundation
import GalleryTestSupport
import Imaging
import Testing

/// Capture dates, cameras and positions through the built binary: what `photos --json` says,
/// the order albums are shown in, and that a location never leaves the library unless asked.
@Suite("Photo metadata: photos --json, capture order, privacy")
struct MetadataCLITests {
    static func exif(date: String?, model: String, gps: Bool = true, orientation: Int = 1) -> [UInt8] {
        var exif: [(Int, EXIFBuilder.Value)] = [(0x829D, .rational([(18, 10)])), (0x829A, .rational([(1, 250)])), (0x8827, .short(200)),
                                               (0x920A, .rational([(24, 1)])), (0xA434, .ascii("24-70mm F2.8"))]
        if let date { exif += [(0x9003, .ascii(date)), (0x9011, .ascii("+01:00"))] }
        let position: [(Int, EXIFBuilder.Value)] = gps
            ? [(0x0001, .ascii("S")), (0x0002, .rational([(33, 1), (51, 1), (3564, 100)])),
               (0x0003, .ascii("E")), (0x0004, .rational([(151, 1), (12, 1), (3996, 100)]))]
            : []
        return EXIFBuilder.tiff(ifd0: [(0x010F, .ascii("Canon")), (0x0110, .ascii(model)), (0x0112, .short(orientation))],
                                exif: exif, gps: position)
    }

    /// Photos whose names and capture times disagree on the order, in three formats, and
    /// one without any EXIF.
    static func folder() throws -> TemporaryDirectory {
        let work = try TemporaryDirectory()
        try work.write("trip/a-last.jpg", TestImages.jpeg(width: 80, height: 60, exif: exif(date: "2024:07:28 09:00:00", model: "Canon EOS R5")))
        try work.write("trip/b-first.heic", try TestImages.heif(width: 80, height: 60, exif: exif(date: "2024:07:14 18:32:05", model: "Canon EOS R6")))
        try work.write("trip/c-middle.webp", try TestImages.webp(width: 80, height: 60, exif: exif(date: "2024:07:20 12:00:00", model: "Canon EOS R7", gps: false)))
        try work.write("trip/d-undated.png", TestImages.png(width: 40, height: 30))
        try work.write("trip/e-absurd.jpg", TestImages.jpeg(width: 80, height: 60, exif: exif(date: "2099:02:30 10:00:00", model: "Canon EOS R8")))
        return work
    }

    @Test("photos --json: takenAt with its offset, camera, lens, exposure, GPS; null where the file says nothing; absurd dates named")
    func json() throws {
        let work = try Self.folder()
        let imported = try GalleryBinary.run(["import", "trip", "--quiet"], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("e-absurd.jpg: its EXIF date '2099:02:30 10:00:00'"), "\(imported.stderr)")
        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let photos = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        var byPath: [String: [String: Any]] = [:]
        for photo in photos { byPath[photo["path"] as? String ?? ""] = photo }
        let jpeg = try #require(byPath["a-last.jpg"])
        #expect(jpeg["takenAt"] as? String == "2024-07-28T09:00:00+01:00")
        #expect(jpeg["camera"] as? String == "Canon EOS R5" && jpeg["lens"] as? String == "24-70mm F2.8")
        #expect(jpeg["fNumber"] as? Double == 1.8 && jpeg["exposureTime"] as? Double == 0.004 && jpeg["iso"] as? Int == 200 && jpeg["focalLength"] as? Double == 24)
        #expect(abs((jpeg["latitude"] as? Double ?? 0) + 33.8599) < 1e-4 && abs((jpeg["longitude"] as? Double ?? 0) - 151.2111) < 1e-4)
        #expect(byPath["b-first.heic"]?["takenAt"] as? String == "2024-07-14T18:32:05+01:00")
        #expect(byPath["c-middle.webp"]?["camera"] as? String == "Canon EOS R7")
        let keys = ["takenAt", "camera", "lens", "fNumber", "exposureTime", "iso", "focalLength", "latitude", "longitude"]
        let png = try #require(byPath["d-undated.png"])
        for key in keys { #expect(png[key] is NSNull, "\(key) of a file without EXIF must be null") }
        #expect(byPath["c-middle.webp"]?["latitude"] is NSNull)
        #expect(byPath["e-absurd.jpg"]?["takenAt"] is NSNull && byPath["e-absurd.jpg"]?["camera"] as? String == "Canon EOS R8")
    }

    @Test("albums in capture order by default, undated photos after the others; --sort name follows file names")
    func order() throws {
        let work = try Self.folder()
        let byDate = try GalleryBinary.run(["build", "trip", "--out", "site", "--quiet"], in: work.url)
        #expect(byDate.status == 0, "\(byDate.stderr)")
        func order() throws -> [String] {
            let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
            return (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        }
        #expect(try order() == ["b-first.heic", "c-middle.webp", "a-last.jpg", "d-undated.png", "e-absurd.jpg"])
        // The page shows that order too (its cells are in album order).
        let page = try String(contentsOf: work.url.appending(path: "site/index.html"), encoding: .utf8)
        let shown = page.matches(of: #/data-taken="(?<taken>[^"]+)"/#).map { String($0.output.taken) }
        #expect(shown == ["2024-07-14T18:32:05+01:00", "2024-07-20T12:00:00+01:00", "2024-07-28T09:00:00+01:00"])
        #expect(page.contains("data-shot=\"Canon EOS R6 · 24 mm · f/1.8 · 1/250 s · ISO 200\""))
        let layout = try GalleryBinary.run(["layout", "--width", "600", "--json"], in: work.url)
        let items = (try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(items.count == 5)

        let byName = try GalleryBinary.run(["export", "--out", "site", "--sort", "name", "--quiet"], in: work.url)
        #expect(byName.status == 0, "\(byName.stderr)")
        #expect(try order() == ["a-last.jpg", "b-first.heic", "c-middle.webp", "d-undated.png", "e-absurd.jpg"])
        let renamed = try String(contentsOf: work.url.appending(path: "site/index.html"), encoding: .utf8)
        #expect(renamed.matches(of: #/data-taken="(?<taken>[^"]+)"/#).map { String($0.output.taken) }.first == "2024-07-28T09:00:00+01:00")
    }

    /// Every file of the site, as text (images included, as bytes read as Latin-1).
    static func siteText(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard let data = try? Data(contentsOf: url) else { continue }
            files[url.path] = String(decoding: data.map { $0 < 128 ? $0 : 0x3F }, as: UTF8.self)
        }
        return files
    }

    @Test("no GPS anywhere in the site unless --publish-location; no EXIF in any image it writes")
    func privacy() throws {
        let work = try Self.folder()
        let built = try GalleryBinary.run(["build", "trip", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let site = work.url.appending(path: "site")
        for (path, text) in try Self.siteText(site) {
            #expect(!text.contains("-33.85") && !text.contains("151.21"), "\(path) carries a position")
            #expect(!text.contains("Canon EOS") || path.hasSuffix(".html") || path.hasSuffix(".js"), "\(path) carries the camera")
        }
        for folder in ["thumbs", "large"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: site.path + "/" + folder) {
                let bytes = [UInt8](try Data(contentsOf: site.appending(path: folder + "/" + name)))
                #expect(bytes.firstRange(of: Array("Exif".utf8) + [0, 0]) == nil, "\(folder)/\(name) carries EXIF")
            }
        }
        let published = try GalleryBinary.run(["export", "--out", "site", "--publish-location", "--quiet"], in: work.url)
        #expect(published.status == 0, "\(published.stderr)")
        let page = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(page.contains("data-location=\"-33.85"), "the published page carries the position")
    }
}
