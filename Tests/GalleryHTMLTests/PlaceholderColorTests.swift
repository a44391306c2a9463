import Foundation
import GalleryTestSupport
import Imaging
import Testing

/// Each photo's place shows its dominant colour until the image arrives; the colour is found
/// when the thumbnails are made and kept in the library.
@Suite("Placeholders in the photo's dominant colour")
struct PlaceholderColorTests {
    static func photo(_ main: RGBColor, _ other: RGBColor) throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0 ..< 240 {
            let colour = y < 170 ? main : other
            for _ in 0 ..< 320 { pixels += [colour.red, colour.green, colour.blue] }
        }
        return try JPEGEncoder.encode(pixels: pixels, width: 320, height: 240, format: .rgb, options: .init(quality: 90))
    }

    /// photo id → the placeholder colour on its image in the page.
    static func placeholders(_ page: URL) throws -> [String: RGBColor] {
        let html = try String(contentsOf: page, encoding: .utf8)
        var result: [String: RGBColor] = [:]
        let cell = #/data-photo-id="(?<id>\d+)"[^>]*?--bg:(?<color>#[0-9a-f]{6})/#
        for match in html.matches(of: cell) {
            result[String(match.output.id)] = RGBColor(hex: String(match.output.color))
        }
        return result
    }

    static func near(_ a: RGBColor?, _ b: RGBColor) -> Bool {
        guard let a else { return false }
        return abs(Int(a.red) - Int(b.red)) <= 8 && abs(Int(a.green) - Int(b.green)) <= 8 && abs(Int(a.blue) - Int(b.blue)) <= 8
    }

    @Test("the page carries each photo's colour; a rerun, and a new library over the same site, keep it")
    func colours() throws {
        let work = try TemporaryDirectory("placeholders")
        let sky = RGBColor(red: 90, green: 140, blue: 200), grass = RGBColor(red: 60, green: 150, blue: 70), sand = RGBColor(red: 220, green: 200, blue: 150)
        try work.write("photos/a-sky.jpg", try Self.photo(sky, sand))
        try work.write("photos/b-grass.jpg", try Self.photo(grass, sky))
        try work.write("photos/c-broken.jpg", Array(try Self.photo(sand, sky).prefix(600)) + [0xFF, 0xD9])
        let first = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(first.status == 0, "\(first.stderr)")
        let page = work.url.appending(path: "site/index.html")
        let photos = try GalleryBinary.run(["photos", "--json"], in: work.url)
        struct Photo: Decodable { var id: Int; var path: String }
        let ids = Dictionary(try JSONDecoder().decode([Photo].self, from: Data(photos.stdout.utf8)).map { ($0.path, String($0.id)) }, uniquingKeysWith: { a, _ in a })

        func check(_ label: String) throws {
            let colours = try Self.placeholders(page)
            #expect(Self.near(colours[ids["a-sky.jpg"] ?? ""], sky), "\(label): sky photo shows \(colours[ids["a-sky.jpg"] ?? ""]?.hex ?? "nothing")")
            #expect(Self.near(colours[ids["b-grass.jpg"] ?? ""], grass), "\(label): grass photo shows \(colours[ids["b-grass.jpg"] ?? ""]?.hex ?? "nothing")")
        }
        try check("first export")
        // Drawn: the image's background until it loads is the colour (the cell's --bg).
        let site = work.url.appending(path: "site")
        let probe = try EngineExportTests.probe("index.html", in: site, script: """
            window.addEventListener('load', () => galleryTestReport(getComputedStyle(document.querySelector('[data-photo-id="\(ids["a-sky.jpg"] ?? "")"] .photo')).backgroundColor));
            """)
        let drawn = try JSONDecoder().decode(String.self, from: BrowserEngine.chromium.open(probe, in: site, width: 390, height: 844))
        let skyColour = try #require(try Self.placeholders(page)[ids["a-sky.jpg"] ?? ""])
        #expect(drawn == "rgb(\(skyColour.red), \(skyColour.green), \(skyColour.blue))", "the sky photo's image is drawn on \(drawn)")
        let before = try Self.placeholders(page)

        let again = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(again.stderr.contains("0 images written") || again.stdout.contains("0 images written"), "\(again.stdout)\(again.stderr)")
        #expect(try Self.placeholders(page) == before, "a rerun keeps the stored colours")

        // A new library over the same site: the images are reused, the colours read back.
        try FileManager.default.removeItem(at: work.url.appending(path: "gallery.db"))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(at: work.url.appending(path: "gallery.db" + suffix)) }
        let fresh = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        try check("new library, reused images")
    }
}
