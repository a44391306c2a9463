import Foundation
import GalleryTestSupport
import Imaging
import Testing

/// A scanner's and an archive's folder of TIFFs, written by ImageMagick and exiftool from a real
/// photo, through the built binary.
@Suite("TIFF through import and export")
struct TIFFCLITests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../ImagingTests/Fixtures/real-exif/L01.jpg").standardized.path

    @Test("imported with their displayed sizes and thumbnails upright; pages, RAW and a cut file each said in one line")
    func importAndExport() throws {
        let work = try TemporaryDirectory()
        let photos = work.url.appending(path: "photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        func convert(_ arguments: [String], _ name: String) throws {
            try TestVideos.run(TestMetadata.imageMagick, [Self.photo] + arguments + [photos.appending(path: name).path])
        }
        // 300 × 400 stored; the scan turned by its Orientation tag (6): 400 × 300 shown.
        try convert(["-depth", "16", "-compress", "lzw", "-orient", "right-top"], "scan-16bit.tif")
        try convert(["-compress", "zip", "-define", "tiff:tile-geometry=128x128"], "tiled.tif")
        try TestVideos.run(TestMetadata.imageMagick, [Self.photo, Self.photo, "-compress", "lzw", photos.appending(path: "pages.tif").path])
        try convert(["-compress", "lzw"], "raw.tif")
        try TestMetadata.write(["-IFD0:DNGVersion=1.4.0.0"], to: photos.appending(path: "raw.tif").path)
        try convert(["-compress", "none"], "whole.tif")
        let whole = try [UInt8](Data(contentsOf: photos.appending(path: "whole.tif")))
        // ImageMagick writes the directory last: cut the data, keep the directory.
        try Data(Array(whole.prefix(1000)) + Array(whole.suffix(400))).write(to: photos.appending(path: "cut.tif"))
        try FileManager.default.removeItem(at: photos.appending(path: "whole.tif"))

        let built = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("pages.tif: a TIFF of 2 pages: only the first is imported"), "\(built.stderr)")
        // A DNG-marked TIFF is a raw for LibRaw, which cannot read this one (RGB, not a mosaic).
        #expect(built.stderr.contains("raw.tif: LibRaw cannot read this DNG file"), "\(built.stderr)")
        #expect(built.stderr.contains("export a JPEG or TIFF from the program that made it"), "\(built.stderr)")
        #expect(built.stderr.contains("cut.tif: "), "\(built.stderr)")

        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let rows = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        var byPath: [String: [String: Any]] = [:]
        for row in rows { byPath[row["path"] as? String ?? ""] = row }
        #expect(Set(byPath.keys) == ["scan-16bit.tif", "tiled.tif", "pages.tif"])
        for (path, width, height) in [("scan-16bit.tif", 400, 300), ("tiled.tif", 300, 400), ("pages.tif", 300, 400)] {
            #expect(byPath[path]?["format"] as? String == "tiff")
            #expect(byPath[path]?["displayWidth"] as? Int == width && byPath[path]?["displayHeight"] as? Int == height, "\(path)")
        }

        // The turned scan's thumbnail is the photo turned a quarter clockwise, not as stored.
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: work.path + "/site/thumbs").filter { $0.hasSuffix("-236.webp") }
        #expect(thumbs.count == 3)
        let landscape = try thumbs.map { name in
            try ImageDecoder.decode([UInt8](Data(contentsOf: work.url.appending(path: "site/thumbs/" + name))), format: .webp)
        }.filter { $0.width > $0.height }
        let drawn = try #require(landscape.first)
        #expect(landscape.count == 1)
        func expected(_ rotation: String) throws -> RGBImage {
            let raw = work.url.appending(path: "expected-\(rotation).rgb").path
            try TestVideos.run(TestMetadata.imageMagick, [Self.photo, "-rotate", rotation, "-resize", "\(drawn.width)x\(drawn.height)!", "-depth", "8", "rgb:" + raw])
            return RGBImage(width: drawn.width, height: drawn.height, pixels: try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw))))
        }
        func meanDifference(_ a: RGBImage, _ b: RGBImage) -> Double {
            Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
        }
        let upright = meanDifference(drawn, try expected("90")), wrong = meanDifference(drawn, try expected("-90"))
        #expect(upright < 6 && wrong > 2 * upright, "turned clockwise: \(upright), counter-clockwise: \(wrong)")
    }
}
