import Foundation
import GalleryTestSupport
import Imaging
import Testing

/// JPEG XL files in a folder are photos: upright, with the words and facts their boxes carry;
/// their grid and large images in the formats every browser draws, their original kept as is.
@Suite("gallery build: JPEG XL photos")
struct JPEGXLCLITests {
    @Test("JPEG XLs (a recompressed JPEG turned and annotated, a lossless one) are photos; a cut one and a broken one named")
    func jpegXL() throws {
        let work = try TemporaryDirectory("jxl-cli")
        let jpeg = try work.write("source.jpg", TestImages.jpeg(width: 120, height: 80, seed: 4))
        try TestMetadata.write(["-Orientation#=6", "-DateTimeOriginal=2023:07:02 18:45:00", "-Model=Test Camera",
                                "-XMP-dc:Title=Harbour at dawn", "-XMP-dc:Description=Fishing boats"], to: jpeg)
        let recompressed = try TestImages.jxl(from: [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg))), extension: "jpg", arguments: [])
        try work.write("photos/harbour.jxl", recompressed)
        let png = try PNGEncoder.encode(pixels: TestImages.jpegPattern(width: 200, height: 150, seed: 1), width: 200, height: 150, channels: 3)
        try work.write("photos/lossless.jxl", try TestImages.jxl(from: png, arguments: ["-d", "0"]))
        let lossy = try TestImages.jxl(from: png, arguments: ["-d", "1"])
        try work.write("photos/cut.jxl", Array(lossy.prefix(lossy.count * 6 / 10)))
        try work.write("photos/broken.jxl", Array(lossy.prefix(6)))
        try work.write("photos/gallery.toml", text: "[content]\ndownloads = \"original\"\n")

        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(built.stderr.contains("broken.jxl") && built.stderr.contains("JPEG XL"), "the broken file is not named: \(built.stderr)")
        // Cut inside its picture: shown from what its first passes hold, or refused when they
        // hold too little (JPEGXLTests) — named either way.
        let cutLine = built.stderr.split(separator: "\n").first { $0.contains("cut.jxl") }
        #expect(cutLine?.contains("cut short") == true, "the cut file is not named: \(built.stderr)")
        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let harbour = try #require(photos.first { $0["path"] as? String == "harbour.jxl" }, "\(listed.stdout)")
        #expect(harbour["format"] as? String == "jxl" && harbour["kind"] as? String == "photo", "\(harbour)")
        #expect(harbour["displayWidth"] as? Int == 80 && harbour["displayHeight"] as? Int == 120 && harbour["orientation"] as? Int == 6, "\(harbour)")
        #expect(harbour["caption"] as? String == "Harbour at dawn" && harbour["comment"] as? String == "Fishing boats", "\(harbour)")
        #expect((harbour["takenAt"] as? String)?.hasPrefix("2023-07-02T18:45:00") == true && harbour["cameraModel"] as? String == "Test Camera", "\(harbour)")
        #expect(photos.contains { $0["path"] as? String == "lossless.jxl" && $0["displayWidth"] as? Int == 200 }, "\(listed.stdout)")
        #expect(!photos.contains { $0["path"] as? String == "broken.jxl" })
        #expect(built.stdout.contains("\(photos.count) photos") && photos.count >= 2, "\(built.stdout)")

        // Browsers other than Safari draw no JPEG XL: the cells' images are WebP and JPEG, the
        // original download is the file itself, byte for byte.
        let page = try String(contentsOfFile: work.path + "/site/index.html", encoding: .utf8)
        let id = try #require(harbour["id"] as? Int)
        let cell = try #require(page.firstMatch(of: try Regex("<div class=\"cell\" id=\"photo-\(id)\".*?</div>")).map { String(page[$0.range]) })
        #expect(cell.contains("src=\"thumbs/") && cell.contains(".webp\"") && cell.contains("href=\"large/") && cell.contains(".jpg\""), "\(cell)")
        #expect(cell.contains("data-original=\"originals/") && cell.contains(".jxl\""), "\(cell)")
        let originals = try FileManager.default.contentsOfDirectory(atPath: work.path + "/site/originals").filter { $0.hasSuffix(".jxl") }
        #expect(originals.count == photos.count, "\(originals)")
        let copies = try originals.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: work.path + "/site/originals/" + $0))) }
        #expect(copies.contains(recompressed), "the original download is not the file")
        let large = try #require(try FileManager.default.contentsOfDirectory(atPath: work.path + "/site/large").first { $0.hasSuffix("-80x120.jpg") },
                                 "no upright large image of the turned photo")
        #expect(!large.isEmpty)
    }
}
